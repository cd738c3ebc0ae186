// The public entry of this feature's server side for other features.
export { recordActivity } from './activities.server'
export { notifyAccount, notifyAccounts, notifyBrandMembers } from './notifications.server'
export { bellColumn, bellNotifications } from './notifications.server'
