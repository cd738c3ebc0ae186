// Every feature's abilities, registered into the access module. Each entry loads this before any
// check: the server (app/infra/portal.server.ts), the pages (app/root.tsx, which both the server's
// and the browser's page bundles start from), the scripts and the tests.
import './brands/abilities'
import './teams/abilities'
import './catalogue/abilities'
import './media/abilities'
import './samples/abilities'
import './assets/abilities'
import './chat/abilities'
