// `/brand/{key}/assets` serves the brand home as well (access.md §2 route table).
export { default, handle, loader, meta } from './_index'
