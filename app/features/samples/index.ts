// The public entry of this feature for other features: its rules, texts and types.
export { MARKUP_COLOURS } from './markup/shapes'
export { storedShape } from './markup/shapes'
export type { ModelPinShape } from './markup/shapes'
export type { Shape } from './markup/shapes'
