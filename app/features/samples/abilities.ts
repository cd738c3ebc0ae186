// Who may review virtual samples: the abilities this feature declares, with the grant types behind each,
// registered into the access module (app/platform/access/abilities.ts) by app/features/abilities.ts.
import { OWNER, OWNER_OR_EDITOR } from '#app/platform/access/abilities'

declare module '#app/platform/access/abilities' {
  interface AbilityRegistry {
    /** Draw markup on a virtual sample and decide on it (its status, Lock as Final, versions): the sample-markup Yjs document's write ability. */
    'sample.review': true
    /** Reopen a sample locked as Final (decision 167). */
    'sample.reopen': true
  }
}

export const SAMPLE_ABILITIES = {
  'sample.review': OWNER_OR_EDITOR,
  'sample.reopen': OWNER,
} as const
