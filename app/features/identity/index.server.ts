// The public entry of this feature's server side for other features.
export { brandMemberKeys, loadGrants, toAccountFields } from './accounts.server'
export type { AccountRow, Actor } from './accounts.server'
export { getProfilePicture, profilePictureUrl, profilePictureUrlOf, setProfilePicture } from './profile-picture.server'
export { signUpWithInvite } from './registration.server'
export { endAccountSessions, recordIssuedIdToken } from './sessions.server'
