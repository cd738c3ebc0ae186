// `/brand/{key}/team/deactivate/{account}`: its page lives in app/features/teams/pages/team-deactivate.tsx.
export { loader, action } from '#app/features/teams/pages/team-deactivate.server'
export { default } from '#app/features/teams/pages/team-deactivate'
