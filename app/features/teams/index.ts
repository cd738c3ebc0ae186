// The public entry of this feature for other features: its rules, texts and types.
export { inviteLandingPath } from './invite-rules'
export { SignupSchema } from './invite-schemas'
export { currentBrandKey, isForwardStatusChange, isOnboarding } from './onboarding-rules'
export { teamGrantLevel } from './team-rules'
export { resumeStep } from './onboarding-rules'
export { stepPath } from './onboarding-rules'
export { visibleSteps } from './onboarding-rules'
export { SignupFormSchema } from './invite-schemas'
