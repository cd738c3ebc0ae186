// The Materials step of the atelier (atelier.md §2): cards per type, a type's list, the material
// form with colours per side, and swatches; split into its parts, this file is what pages import.
// Plain links and forms, so all of it works without JavaScript; with it, swatches follow what is typed.
export * from './material-cards'
export * from './material-form'
export * from './materials-cards-page'
