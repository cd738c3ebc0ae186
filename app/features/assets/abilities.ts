// Who may change files: the abilities this feature declares, with the grant types behind each,
// registered into the access module (app/platform/access/abilities.ts) by app/features/abilities.ts.
import { OWNER_OR_EDITOR } from '#app/platform/access/abilities'

declare module '#app/platform/access/abilities' {
  interface AbilityRegistry {
    /** Add, rename, move and delete files: the asset library and a style's files and materials. */
    'asset.manage': true
  }
}

export const ASSET_ABILITIES = {
  'asset.manage': OWNER_OR_EDITOR,
} as const
