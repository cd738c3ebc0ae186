// The public entry of this feature for other features: its rules, texts and types.
export { LogoutForm } from './logout-form'
export { BrandedAuthLayout } from './branded-auth-layout'
export { NewPasswordFields } from './new-password-fields'
export { useBreachHint } from './new-password-fields'
