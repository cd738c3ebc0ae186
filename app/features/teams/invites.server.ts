// Invites (access.md §3 Invite, §4 "Invite acceptance", §6, §7): create, e-mail, list, revoke, the
// public lookup of the landing page, and acceptance. Grants and roles follow the pure rules of
// invite-rules.ts. Split along its sections; this file is what callers import.
export * from './invite-views.server'
export * from './invite-sending.server'
export * from './invite-acceptance.server'
