// The public entry of this feature for other features: its rules, texts and types.
export { LoginSchema } from './login-schemas'
export { BREACHED_PASSWORD, newPassword } from './password-schemas'
