// `/brand/{key}/customization`: its page lives in app/features/brands/pages/customization.tsx.
export { loader, action } from '#app/features/brands/pages/customization.server'
export { meta, handle, default } from '#app/features/brands/pages/customization'
