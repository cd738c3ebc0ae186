// `/brand/{key}/products/team`: its page lives in app/features/teams/pages/list-team.tsx.
export { loader } from '#app/features/teams/pages/list-team.server'
export { default } from '#app/features/teams/pages/list-team'
