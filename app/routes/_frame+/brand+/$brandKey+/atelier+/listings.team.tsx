// The products list's modal, in the atelier context (see products+/_list.team.tsx).
export { default, loader } from '../products+/_list.team'
