// The public entry of this feature's server side for other features.
export { recordActivity } from './activities.server'
export { notifyAccount, notifyAccounts, notifyBrandMembers } from './notifications.server'
export { bellNotifications } from './notifications.server'
