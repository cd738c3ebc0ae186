// The public entry of this feature for other features: its rules, texts and types.
export { Slide, Slideshow } from './slideshow'
export { StepsDone } from './style-progress'
export { useRefresh, useStyleRoom, useStyleRooms } from './use-style-room'
