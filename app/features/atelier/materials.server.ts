// Materials of the atelier (atelier.md §2 Materials step, §3 Material, §7 material calls): a brand's
// fabrics, trims, hardware and branding, used on its styles. Members who see a style see its
// materials; owners and editors change them. Split along its sections; this file is what callers
// import.
export * from './material-reading.server'
export * from './material-changes.server'
export * from './material-step.server'
