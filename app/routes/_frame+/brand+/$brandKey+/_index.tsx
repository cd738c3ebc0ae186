// `/brand/{key}`: its page lives in app/features/brands/pages/brand-home.tsx.
export { loader } from '#app/features/brands/pages/brand-home.server'
export { meta, handle, default } from '#app/features/brands/pages/brand-home'
