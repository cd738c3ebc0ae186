// `/brand/{key}/team/access/{team}`: its page lives in app/features/teams/pages/team-access.tsx.
export { loader } from '#app/features/teams/pages/team-access.server'
export { default } from '#app/features/teams/pages/team-access'
