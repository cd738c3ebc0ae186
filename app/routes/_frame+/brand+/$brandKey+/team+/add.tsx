// `/brand/{key}/team/add?job_type=admin|guest`: its page lives in app/features/teams/pages/team-add.tsx.
export { loader, action } from '#app/features/teams/pages/team-add.server'
export { default } from '#app/features/teams/pages/team-add'
