// Every feature's records, registered with the access module's model registry. Loaded first by
// each entry that reaches the services: the server (app/infra/portal.server.ts), the pages'
// server bundle (app/entry.server.tsx), the scripts and the tests.
import './assets/models.server'
import './atelier/models.server'
import './catalogue/models.server'
import './chat/models.server'
import './files/models.server'
import './identity/models.server'
import './media/models.server'
import './teams/models.server'
