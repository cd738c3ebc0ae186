// Entry point: `npm start` builds the app and runs this file. It starts the whole portal on one
// port and prints where to sign in.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { parseEnv } from '#app/env.server'
import { exitOnCrash, startPortal, type Portal } from '#app/server/portal.server'
import { DEMO_ACCOUNTS } from '#seed/seed'
import { runningServerPid, writePidFile } from '#app/infra/pid-file.server'
import { collectStartupGarbage } from '#app/infra/memory.server'
import { logEvent } from '#app/infra/error-reporting.server'

/**
 * What the portal says while it starts and stops: plain lines for a person at a terminal, JSON
 * lines (as every other event is written) for a log collector.
 */
const say = process.stdout.isTTY ? (line: string) => console.log(line) : (line: string) => logEvent('info', line.trim())

const env = parseEnv()
if (!env.DATABASE_URL) {
  const other = runningServerPid(env.DATA_DIR)
  if (other) {
    console.error(`Another portal (pid ${other}) is using ${env.DATA_DIR}. Stop it, or set DATA_DIR or DATABASE_URL.`)
    process.exit(1)
  }
}
// From here on, a crash stops what the portal started (the Auth emulator) and exits non-zero.
let running: Portal | null = null
let removePidFile = () => {}
exitOnCrash(
  () => running,
  () => removePidFile(),
)
const build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild
const portal = await startPortal({ env, remixBuild: build, log: say }).catch((error: NodeJS.ErrnoException) => {
  const hint = error.code === 'EADDRINUSE' ? ` Port ${env.PORT} is taken: set PORT to a free one.` : ''
  console.error(`Could not start the portal: ${error.message}.${hint}`)
  process.exit(1)
})
collectStartupGarbage()
running = portal
if (!env.DATABASE_URL) removePidFile = writePidFile(env.DATA_DIR)

say(`\nBrand portal is running: ${portal.url}`)
say(
  portal.database.server
    ? `Data lives in ${path.resolve(env.DATA_DIR)}: the database cluster in pg/, files in blobs/`
    : `Database: the Postgres server of DATABASE_URL; files in ${path.resolve(env.DATA_DIR, 'blobs')}`,
)
if (env.SEED_DEMO) {
  // The password only on a developer's machine: a deployment's logs are read by others.
  const password = env.NODE_ENV === 'development' ? env.DEMO_PASSWORD : 'DEMO_PASSWORD'
  say(`Sign in at ${portal.url}/ with one of the demo accounts (password: ${password}):`)
  for (const account of DEMO_ACCOUNTS) say(`  ${account.email.padEnd(20)} ${account.description}`)
}

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    say(`\n${signal} received, stopping…`)
    portal
      .close()
      .then(() => {
        removePidFile()
        process.exit(0)
      })
      .catch((error: unknown) => {
        console.error(error)
        process.exit(1)
      })
  })
}
