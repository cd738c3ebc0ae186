// The public entry of this feature's server side for other features.
export type { BrandLook } from './brand-look.server'
