// Pure permission rules, by concern: the job types (job-types.ts), what an actor holds on a brand
// (brand-access.ts), what a page declares it requires and how that is decided (page-access.ts),
// the header's navigation per job type (navigation.ts) and where a user lands after sign-in
// (landing.ts). No I/O, so every rule is unit-tested without a server and shared by pages, the
// JSON API and realtime. This file is the one import point.
export { GRANT_MODELS, GRANT_TYPES, type Grant, type GrantModel, type GrantType } from '#app/platform/access/grants'
export * from './job-types'
export * from './brand-access'
export * from './page-access'
export * from './navigation'
export * from './landing'
