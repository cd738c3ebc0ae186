// `/register?token=`: the same invite landing as /invite (access.md §2 route table).
export { default, loader, action, meta } from './invite'
