// Who may shape the catalogue: the abilities this feature declares, with the grant types behind each,
// registered into the access module (app/platform/access/abilities.ts) by app/features/abilities.ts.
import { OWNER, OWNER_OR_EDITOR } from '#app/platform/access/abilities'

declare module '#app/platform/access/abilities' {
  interface AbilityRegistry {
    /** Create lines and collections. */
    'line.create': true
    /** Rename and describe lines and collections, move a collection between lines (docs/decisions/063). */
    'line.edit': true
    /** Create, edit and delete listings. */
    'listing.edit': true
  }
}

export const CATALOGUE_ABILITIES = {
  'line.create': OWNER,
  'line.edit': OWNER_OR_EDITOR,
  'listing.edit': OWNER_OR_EDITOR,
} as const
