// `/brand/{key}/team/member/{account}`: its page lives in app/features/teams/pages/team-member.tsx.
export { loader } from '#app/features/teams/pages/team-member.server'
export { default } from '#app/features/teams/pages/team-member'
