// Who may arrange product photos: the abilities this feature declares, with the grant types behind each,
// registered into the access module (app/platform/access/abilities.ts) by app/features/abilities.ts.
import { OWNER_OR_EDITOR } from '#app/platform/access/abilities'

declare module '#app/platform/access/abilities' {
  interface AbilityRegistry {
    /** Order the photos of listings (the media-order Yjs document). */
    'media.arrange': true
  }
}

export const MEDIA_ABILITIES = {
  'media.arrange': OWNER_OR_EDITOR,
} as const
