// A fresh database for a test: a copy of the run's migrated template (tests/support/global-setup.ts)
// on the run's Postgres server, dropped again by `drop()`.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'

export interface TestDatabase {
  url: string
  drop(): Promise<void>
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('databaseAdminUrl') })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`
  await withAdmin((client) => client.query(`create database ${name} template ${inject('templateDatabase')}`))
  return {
    url: databaseUrl(inject('databaseAdminUrl'), name),
    drop: () => dropDatabase(databaseUrl(inject('databaseAdminUrl'), name)),
  }
}

/** Best effort: connections a stopped portal left open are ended first; one left behind harms nothing. */
export async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1)
  await withAdmin(async (client) => {
    for (let attempt = 0; attempt < 10; attempt++) {
      try {
        await client.query(`drop database if exists ${name} with (force)`)
        return
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 300))
      }
    }
  }).catch(() => undefined)
}
