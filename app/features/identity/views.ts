// The shapes this feature's pages and components show, shared by its services and its
// components (which take no types from server modules).

/** What the login form shows when a human check is asked. */
export type HumanCheckWidget = { kind: 'altcha'; challenge: string } | { kind: 'recaptcha'; siteKey: string }
