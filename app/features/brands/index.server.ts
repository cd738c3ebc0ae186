// The public entry of this feature's server side for other features.
export type { BrandLook } from './brand-look.server'
export { getBrand } from './brands.server'
export { frameBrand } from './current-brand.server'
export { defaultLook } from './brand-look.server'
export { loadBrandLook } from './brand-look.server'
