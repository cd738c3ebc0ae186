// The products list's modal, in the atelier context (see products+/_list.quick.$listingKey.tsx).
export { default, loader } from '../products+/_list.quick.$listingKey'
