// `/brand/{key}/team/revoke/{invite}`: its page lives in app/features/teams/pages/team-revoke.tsx.
export { loader, action } from '#app/features/teams/pages/team-revoke.server'
export { default } from '#app/features/teams/pages/team-revoke'
