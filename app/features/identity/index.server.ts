// The public entry of this feature's server side for other features.
export { brandMemberKeys, loadGrants, toAccountFields, toAccountView } from './accounts.server'
export { isPasswordBreached } from './breach.server'
export type { AccountRow, Actor } from './accounts.server'
export { getProfilePicture, profilePictureUrl, profilePictureUrlOf, setProfilePicture } from './profile-picture.server'
export { endAccountSessions, recordIssuedIdToken } from './sessions.server'
