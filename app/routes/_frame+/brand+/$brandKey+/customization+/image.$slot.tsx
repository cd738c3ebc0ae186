// `/brand/{key}/customization/image/{slot}`: its page lives in app/features/brands/pages/customization-image.tsx.
export { loader, action } from '#app/features/brands/pages/customization-image.server'
export { default } from '#app/features/brands/pages/customization-image'
