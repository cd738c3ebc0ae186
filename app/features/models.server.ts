// Every feature's records, registered with the access module's model registry, and the hooks it
// gives the access module (what it lets go when an account loses access to a brand). Each entry that
// reaches the services calls this first: the server (app/server/portal.server.ts), the pages' server
// bundle (app/entry.server.tsx), the scripts and the tests. A call, not an import for its side
// effect: the bundlers drop those (package.json sideEffects).
import { registerAssetsModels } from './assets/models.server'
import { registerAtelierModels } from './atelier/models.server'
import { registerCatalogueModels } from './catalogue/models.server'
import { registerChatModels } from './chat/models.server'
import { registerFilesModels } from './files/models.server'
import { registerIdentityModels } from './identity/models.server'
import { registerMediaModels } from './media/models.server'
import { registerSamplesModels } from './samples/models.server'
import { registerTeamsModels } from './teams/models.server'

export function registerFeatureModels(): void {
  registerAssetsModels()
  registerAtelierModels()
  registerCatalogueModels()
  registerChatModels()
  registerFilesModels()
  registerIdentityModels()
  registerMediaModels()
  registerSamplesModels()
  registerTeamsModels()
}
