// The public entry of this feature for other features: its rules, texts and types.
export { CLIENT_SERVICES_EMAIL } from './import-texts'
