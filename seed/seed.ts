// The demo workspace: five accounts, Demo Brand with its logo and hero, lines, collections,
// categories, styles, fifty listings with photos and a design team on its SS26 collection, and
// Other Brand for the outsider. Idempotent; `reset` wipes first. Keys are derived from names so
// every process (and README) agrees on them. Split by what it seeds; this file is what callers import.
export * from './demo-accounts'
export * from './demo-catalogue'
export * from './seed-demo'
export * from './seed-notifications'
export * from './seed-team-and-chats'
