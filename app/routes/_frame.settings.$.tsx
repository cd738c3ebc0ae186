// `/settings/{section}` (profile, security, …) shows the same page until the sections are built.
export { default, handle, loader } from './_frame.settings._index'
