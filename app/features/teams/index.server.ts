// The public entry of this feature's server side for other features.
export {
  INVITE_MESSAGES,
  acceptInvite,
  applyInvite,
  openInviteByToken,
  parseInvite,
  reactivateByInvite,
} from './invites.server'
export { notifyOnboardingComplete } from './onboarding.server'
export { continueAfterSave } from './onboarding-reply.server'
export { isOnboardingContinue } from './onboarding-reply.server'
export { listBrandContacts } from './teams.server'
export { signUpWithInvite } from './registration.server'
