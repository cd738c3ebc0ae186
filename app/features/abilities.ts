// Every feature's abilities, registered into the access module. Each entry calls this before any
// check: the server (app/server/portal.server.ts), the pages (app/root.tsx, where both the server's
// and the browser's page bundles start, and app/entry.server.tsx), the scripts and the tests.
// A call, not an import for its side effect: the bundlers drop those (package.json sideEffects).
import { registerAbilities } from '#app/platform/access/abilities'
import { BRAND_ABILITIES } from './brands/abilities'
import { TEAM_ABILITIES } from './teams/abilities'
import { CATALOGUE_ABILITIES } from './catalogue/abilities'
import { MEDIA_ABILITIES } from './media/abilities'
import { SAMPLE_ABILITIES } from './samples/abilities'
import { ASSET_ABILITIES } from './assets/abilities'
import { CHAT_ABILITIES } from './chat/abilities'

export function registerFeatureAbilities(): void {
  for (const rules of [
    BRAND_ABILITIES,
    TEAM_ABILITIES,
    CATALOGUE_ABILITIES,
    MEDIA_ABILITIES,
    SAMPLE_ABILITIES,
    ASSET_ABILITIES,
    CHAT_ABILITIES,
  ])
    registerAbilities(rules)
}
