// Pure permission rules, by concern: the job types (job-types.ts), what an actor holds on a brand
// (brand-access.ts), the route table of access.md §2 and catalogue.md §2 (route-table.ts), the
// header's navigation per job type (navigation.ts) and where a user lands after sign-in
// (landing.ts). No I/O, so every rule is unit-tested without a server and shared by pages, the
// JSON API and realtime. This file is the one import point.
export { GRANT_MODELS, GRANT_TYPES, type Grant, type GrantModel, type GrantType } from '#app/platform/access/grants'
export * from './job-types'
export * from './brand-access'
export * from './route-table'
export * from './navigation'
export * from './landing'
