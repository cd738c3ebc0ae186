// `POST /onboarding`: its page lives in app/features/teams/pages/onboarding.server.ts.
export { loader, action } from '#app/features/teams/pages/onboarding.server'
