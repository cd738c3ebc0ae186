// The public entry of this feature for other features: its rules, texts and types.
export { StepperFrame } from './upload-stepper'
