// `/brand/{key}/team`: its page lives in app/features/teams/pages/team-layout.tsx.
export { loader } from '#app/features/teams/pages/team-layout.server'
export { meta, handle, default } from '#app/features/teams/pages/team-layout'
