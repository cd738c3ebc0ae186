// The public entry of this feature for other features: its rules, texts and types.
export { markupPinThreadKey } from './schemas'
export type { MessagePage } from './views'
export { SEND_FAILED, SEND_FAILED_SESSION } from './schemas'
export { presenceByAccount, presenceChange } from './presence-state'
