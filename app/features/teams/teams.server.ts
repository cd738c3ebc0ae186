// Teams, brand membership and contacts (access.md §2 "Manage Team", "Contacts page", §3 Team, §6,
// §7 team/account/brand calls). Split along its sections; this file is what callers import.
export * from './team-lookups.server'
export * from './manage-team.server'
export * from './team-records.server'
