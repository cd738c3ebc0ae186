// `/brand/{key}/team.csv`: its page lives in app/features/teams/pages/team-csv.server.ts.
export { loader } from '#app/features/teams/pages/team-csv.server'
