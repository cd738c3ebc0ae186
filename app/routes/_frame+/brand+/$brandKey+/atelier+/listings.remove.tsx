// The products list's modal, in the atelier context (see products+/_list.remove.tsx).
export { action, default, loader } from '../products+/_list.remove'
