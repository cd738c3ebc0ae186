// `/brand/{key}/team/invite-link/{invite}`: its page lives in app/features/teams/pages/team-invite-link.tsx.
export { loader } from '#app/features/teams/pages/team-invite-link.server'
export { default } from '#app/features/teams/pages/team-invite-link'
