// The public entry of this feature's server side for other features.
export { keyField } from './atelier-records.server'
export { cloneAsFinal, deleteReference, renameReference, toReferenceView, uploadStyleFiles } from './references.server'
export type { ReferenceView } from './references.server'
export { getWizardStyle } from './styles.server'
export { markStyleStep } from './style-steps.server'
export { progressOfStyles } from './styles.server'
