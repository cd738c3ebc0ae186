// The public entry of this feature for other features: its rules, texts and types.
export { UNMATCHED } from './media-names'
