// Processes of a fleet start together on one empty database: one migrates, the others wait for it
// and then find nothing left to do. Without the lock, two would apply the same migration at once
// and one would fail its start.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, expect, it } from 'vitest'
import { inject } from 'vitest'
import { openDatabase } from '#db/client'
import { databaseUrl, dropDatabase } from '#tests/support/database'

const name = `portal_migrate_${randomBytes(6).toString('hex')}`
const url = databaseUrl(inject('databaseAdminUrl'), name)

afterAll(() => dropDatabase(url))

it('lets three processes starting at once on an empty database migrate it once', async () => {
  const admin = new pg.Client({ connectionString: inject('databaseAdminUrl') })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()

  const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url })))
  try {
    const outcomes = await Promise.allSettled(handles.map((handle) => handle.migrate()))
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled'])
    const { rows } = await handles[0]!.pool.query<{ applied: number; distinct: number }>(
      'select count(*)::int as applied, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
    )
    expect(rows[0]!.applied).toBeGreaterThan(10)
    expect(rows[0]!.applied).toBe(rows[0]!.distinct)
  } finally {
    await Promise.all(handles.map((handle) => handle.close()))
  }
}, 120_000)
