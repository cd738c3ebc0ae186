// One Auth emulator and one Postgres server for the whole integration run. The emulator signs
// passwords in against its default project only, so every test file shares that project; users
// a test creates get unique e-mails. The database server is the embedded one users run (or the
// server DATABASE_URL names, as CI's second pass does): a template database is migrated and seeded
// with the demo workspace once, and each test portal gets a fresh copy of it and of the demo's
// files (tests/support/database.ts, portal.ts), so files run in parallel without sharing data.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { startAuthEmulator } from '#app/infra/auth-emulator.server'
import { openDatabase } from '#db/client'
import { startEmbeddedServer } from '#db/embedded-server'
import { startPortal } from '#app/server/portal.server'
import { databaseUrl } from './database'
import { testPortalEnv } from './portal-env'

declare module 'vitest' {
  export interface ProvidedContext {
    emulatorHost: string
    emulatorProjectId: string
    /** A superuser (or CREATEDB) connection to the test run's Postgres server. */
    databaseAdminUrl: string
    /** The migrated template, with the demo workspace, each test database is copied from. */
    templateDatabase: string
    /** The demo workspace's files, copied into each test portal's data folder. */
    templateDataDir: string
  }
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** Durability settings a test run's server can do without; each takes effect on reload. */
export async function relaxDurability(adminUrl: string): Promise<void> {
  for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes'])
    await adminQuery(adminUrl, `alter system set ${setting} = off`)
  await adminQuery(adminUrl, 'select pg_reload_conf()')
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-tests-'))
  const [emulator, server] = await Promise.all([
    startAuthEmulator({ dir: path.join(dir, 'emulator'), projectId: 'demo-portal-tests', port: 0, persist: false }),
    process.env.DATABASE_URL
      ? null
      : startEmbeddedServer({ dir: path.join(dir, 'pg'), passwordFile: path.join(dir, 'pg-password') }),
  ])
  const adminUrl = process.env.DATABASE_URL ?? server!.adminUrl
  // The run's server is thrown away with its data, so it need not survive a power cut: without
  // flushes to disk, creating and dropping each file's database and every commit cost a third
  // less time (decision 174). A process killed on purpose (the crash tests) loses nothing by it.
  if (server) await relaxDurability(adminUrl)
  const template = `portal_template_${randomBytes(4).toString('hex')}`
  await adminQuery(adminUrl, `create database ${template}`)
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, template), maxConnections: 1 })
  await database.migrate()
  await database.close()
  // The demo workspace every test portal has (SEED_DEMO is on outside production), seeded once:
  // by a portal started on the template, as a test portal starts, then stopped so the template
  // can be copied. Its files stay in a folder each test portal's data folder starts as a copy of.
  const templateDataDir = path.join(dir, 'template-data')
  const seeding = await startPortal({
    env: testPortalEnv({
      dataDir: templateDataDir,
      databaseUrl: databaseUrl(adminUrl, template),
      projectId: emulator.projectId,
      emulatorHost: emulator.host,
    }),
    log: () => {},
  })
  await seeding.close()

  project.provide('emulatorHost', emulator.host)
  project.provide('emulatorProjectId', emulator.projectId)
  project.provide('databaseAdminUrl', adminUrl)
  project.provide('templateDatabase', template)
  project.provide('templateDataDir', templateDataDir)
  return async () => {
    await emulator.stop()
    await adminQuery(adminUrl, `drop database if exists ${template}`).catch(() => undefined)
    await server?.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
