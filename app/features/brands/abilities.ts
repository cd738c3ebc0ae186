// Who may change a brand: the abilities this feature declares, with the grant types behind each,
// registered into the access module (app/platform/access/abilities.ts) by app/features/abilities.ts.
import { OWNER, OWNER_OR_EDITOR } from '#app/platform/access/abilities'

declare module '#app/platform/access/abilities' {
  interface AbilityRegistry {
    /** Company profile: name, headquarters, contact. */
    'brand.edit': true
    /** Delete (archive) and restore the brand; also needs account role admin (docs/decisions/066). */
    'brand.delete': true
    /** Branding: colours, templates, logo and landing images. */
    'branding.edit': true
  }
}

export const BRAND_ABILITIES = {
  'brand.edit': OWNER_OR_EDITOR,
  'brand.delete': OWNER,
  'branding.edit': OWNER_OR_EDITOR,
} as const
