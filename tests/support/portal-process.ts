// Runs one portal process without pages (API, socket.io, Yjs) and prints its port as JSON; the
// multi-process tests start several of these against one Redis server.
import { startPortal } from '#app/infra/portal.server'

const portal = await startPortal({ log: () => {} })
process.stdout.write(`${JSON.stringify({ port: portal.port })}\n`)
const stop = () => void portal.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
