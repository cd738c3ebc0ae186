// The products list's modal, in the atelier context (see products+/_list.delete.$listingKey.tsx).
export { action, default, loader } from '../products+/_list.delete.$listingKey'
