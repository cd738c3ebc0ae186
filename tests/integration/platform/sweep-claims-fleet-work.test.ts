// Claims that must hold once per period or per lease, called one after the other and again after
// their time has passed (driven through the stored timestamps, never by waiting): the periodic
// upkeep a fleet shares, the check of a file whose process died, and the lease on an upload still
// arriving. A second claim within the period or lease gets nothing; one after it gets the work,
// once. "Another process" is this one under another name: the name every lease is held by.
// Only a database here, no portal: no timer of a portal takes the same work meanwhile.
import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '#db/client'
import { files, scheduledWork } from '#db/schema'
import { claimPeriodicWork, processName } from '#app/platform/fleet-work.server'
import {
  endUploadLease,
  holdLease,
  letGo,
  renewLeases,
  takeOverChecks,
  takeUploadLease,
} from '#app/features/files/file-leases.server'
import { newKey } from '#app/platform/ids'
import { createTestDatabase, type TestDatabase } from '#tests/support/database'
import { createBrand } from '#tests/support/factories'

let database: TestDatabase
let handle: DatabaseHandle
let deps: { db: DatabaseHandle['db'] }
let brandKey: string

beforeAll(async () => {
  database = await createTestDatabase()
  handle = await openDatabase({ databaseUrl: database.url, maxConnections: 4 })
  deps = { db: handle.db }
  brandKey = (await createBrand(deps, { lines: 0 })).key
})
afterAll(async () => {
  await handle?.close()
  await database?.drop()
})

const NAME = Symbol.for('brand-portal.process-name')

/** Runs `work` as another process of the fleet would: under another lease holder's name. */
async function asOtherProcess<T>(name: string, work: () => Promise<T>): Promise<T> {
  const holder = globalThis as { [NAME]?: string }
  const own = processName()
  holder[NAME] = name
  try {
    return await work()
  } finally {
    holder[NAME] = own
  }
}

const secondsAgo = (seconds: number) => sql`now() - ${`${seconds} seconds`}::interval`
const secondsAhead = (seconds: number) => sql`now() + ${`${seconds} seconds`}::interval`

describe('periodic work claimed in the database', () => {
  const PERIOD_MS = 60_000
  const stored = async (name: string) =>
    (await deps.db.select().from(scheduledWork).where(eq(scheduledWork.name, name)))[0]
  const startedAgo = (name: string, seconds: number) =>
    deps.db
      .update(scheduledWork)
      .set({ lastStarted: secondsAgo(seconds) })
      .where(eq(scheduledWork.name, name))

  it('is given once per period: again within it gets nothing, after it once', async () => {
    const name = `sweep-${randomBytes(4).toString('hex')}`
    expect(await claimPeriodicWork(deps, name, PERIOD_MS)).toBe(true)
    const first = await stored(name)
    expect(first).toMatchObject({ startedBy: processName() })

    // Within the period: nobody gets it, not this process and not another, and nothing is written.
    expect(await claimPeriodicWork(deps, name, PERIOD_MS)).toBe(false)
    expect(await asOtherProcess('other-host:1:aaaa', () => claimPeriodicWork(deps, name, PERIOD_MS))).toBe(false)
    await startedAgo(name, 59)
    const late = await stored(name)
    expect(await claimPeriodicWork(deps, name, PERIOD_MS)).toBe(false)
    expect(await stored(name)).toEqual(late)

    // The period has passed: the first to ask after it gets it, once, and the row says who.
    await startedAgo(name, 61)
    expect(await asOtherProcess('other-host:1:aaaa', () => claimPeriodicWork(deps, name, PERIOD_MS))).toBe(true)
    expect(await claimPeriodicWork(deps, name, PERIOD_MS)).toBe(false)
    const taken = await stored(name)
    expect(taken?.startedBy).toBe('other-host:1:aaaa')
    expect(taken!.lastStarted.getTime()).toBeGreaterThan(late!.lastStarted.getTime())
  })

  it('after its period, goes to one of several processes asking at once', async () => {
    const name = `sweep-${randomBytes(4).toString('hex')}`
    expect(await claimPeriodicWork(deps, name, PERIOD_MS)).toBe(true)
    await startedAgo(name, 61)
    const answers = await Promise.all(Array.from({ length: 4 }, () => claimPeriodicWork(deps, name, PERIOD_MS)))
    expect(answers.filter(Boolean)).toHaveLength(1)
    expect(await claimPeriodicWork(deps, name, PERIOD_MS)).toBe(false)
  })

  it('counts each work on its own: claiming one leaves another free', async () => {
    const [one, two] = [`sweep-${randomBytes(4).toString('hex')}`, `sweep-${randomBytes(4).toString('hex')}`]
    expect(await claimPeriodicWork(deps, one, PERIOD_MS)).toBe(true)
    expect(await claimPeriodicWork(deps, two, PERIOD_MS)).toBe(true)
    expect(await claimPeriodicWork(deps, one, PERIOD_MS)).toBe(false)
    expect((await stored(two))?.startedBy).toBe(processName())
  })
})

describe('checks of files whose process stopped', () => {
  async function scanningFile(lease: { owner: string | null; until: ReturnType<typeof sql> | null }, modifiedAgo = 0) {
    const key = newKey()
    await deps.db.insert(files).values({
      key,
      brandKey,
      purpose: 'listing-media',
      originalName: 'SN1_SKU1_front.jpg',
      status: 'scanning',
      leaseOwner: lease.owner,
      leaseUntil: lease.until,
      modified: secondsAgo(modifiedAgo),
    })
    return key
  }
  const rowOf = async (key: string) => (await deps.db.select().from(files).where(eq(files.key, key)))[0]!
  const takenKeys = async () => (await takeOverChecks(deps, { anyLease: false })).map((row) => row.key)

  it('are left while their lease holds, taken once after it ran out, and not again within the new lease', async () => {
    const key = await scanningFile({ owner: 'other-host:2:bbbb', until: secondsAhead(30) })
    expect(await takenKeys()).not.toContain(key)
    expect(await rowOf(key)).toMatchObject({ leaseOwner: 'other-host:2:bbbb' })

    await deps.db
      .update(files)
      .set({ leaseUntil: secondsAgo(1) })
      .where(eq(files.key, key))
    expect(await takenKeys()).toEqual([key])
    const taken = await rowOf(key)
    expect(taken.leaseOwner).toBe(processName())
    expect(taken.leaseUntil!.getTime()).toBeGreaterThan(Date.now() + 20_000)
    // Within the new lease nobody takes it again: this process, or the old holder back.
    expect(await takenKeys()).not.toContain(key)
    expect(await asOtherProcess('other-host:2:bbbb', takenKeys)).not.toContain(key)
    expect((await rowOf(key)).leaseOwner).toBe(processName())

    // This process stopped renewing too: another process takes it, once.
    await deps.db
      .update(files)
      .set({ leaseUntil: secondsAgo(1) })
      .where(eq(files.key, key))
    expect(await asOtherProcess('other-host:3:cccc', takenKeys)).toEqual([key])
    expect(await takenKeys()).not.toContain(key)
    expect((await rowOf(key)).leaseOwner).toBe('other-host:3:cccc')
    await deps.db.update(files).set({ status: 'available' }).where(eq(files.key, key))
  })

  it('without any lease, are taken only once a lease’s length old, and then once', async () => {
    const fresh = await scanningFile({ owner: null, until: null }, 5)
    const old = await scanningFile({ owner: null, until: null }, 31)
    expect(await takenKeys()).toEqual([old])
    expect(await takenKeys()).toEqual([])
    expect(await rowOf(fresh)).toMatchObject({ leaseOwner: null, leaseUntil: null })
    expect(await rowOf(old)).toMatchObject({ leaseOwner: processName() })
    await deps.db
      .update(files)
      .set({ status: 'available' })
      .where(sql`${files.key} in (${fresh}, ${old})`)
  })

  it('are never taken once they have their outcome, however old their lease', async () => {
    const key = await scanningFile({ owner: 'other-host:4:dddd', until: secondsAgo(60) })
    await deps.db.update(files).set({ status: 'available' }).where(eq(files.key, key))
    expect(await takenKeys()).not.toContain(key)
    expect(await rowOf(key)).toMatchObject({ status: 'available', leaseOwner: 'other-host:4:dddd' })
  })
})

describe('the lease on an upload still arriving', () => {
  async function uploadingFile(owner: string | null, until: ReturnType<typeof sql> | null) {
    const key = newKey()
    await deps.db.insert(files).values({
      key,
      brandKey,
      purpose: 'listing-media',
      originalName: 'SN1_SKU1_front.jpg',
      status: 'uploading',
      leaseOwner: owner,
      leaseUntil: until,
    })
    return key
  }
  const rowOf = async (key: string) => (await deps.db.select().from(files).where(eq(files.key, key)))[0]!

  it('is refused while another process holds it, and taken once it ran out', async () => {
    const key = await uploadingFile('other-host:5:eeee', secondsAhead(30))
    expect(await takeUploadLease(deps, key)).toBe(false)
    expect(await rowOf(key)).toMatchObject({ leaseOwner: 'other-host:5:eeee' })

    await deps.db
      .update(files)
      .set({ leaseUntil: secondsAgo(1) })
      .where(eq(files.key, key))
    expect(await takeUploadLease(deps, key)).toBe(true)
    expect((await rowOf(key)).leaseOwner).toBe(processName())
    // Now the other process is the one refused, within this process's lease.
    expect(await asOtherProcess('other-host:5:eeee', () => takeUploadLease(deps, key))).toBe(false)
    expect((await rowOf(key)).leaseOwner).toBe(processName())

    await endUploadLease(deps, key)
    expect(await rowOf(key)).toMatchObject({ leaseOwner: null, leaseUntil: null })
    expect(await asOtherProcess('other-host:5:eeee', () => takeUploadLease(deps, key))).toBe(true)
    expect((await rowOf(key)).leaseOwner).toBe('other-host:5:eeee')
    letGo(key)
  })

  it('is renewed only while this process still holds it', async () => {
    const mine = await uploadingFile(processName(), secondsAhead(2))
    const lost = await uploadingFile('other-host:6:ffff', secondsAhead(2))
    holdLease(mine)
    holdLease(lost)
    try {
      expect(await renewLeases(deps)).toBe(1)
      expect((await rowOf(mine)).leaseUntil!.getTime()).toBeGreaterThan(Date.now() + 20_000)
      const other = await rowOf(lost)
      expect(other.leaseOwner).toBe('other-host:6:ffff')
      expect(other.leaseUntil!.getTime()).toBeLessThan(Date.now() + 5_000)
    } finally {
      letGo(mine)
      letGo(lost)
    }
  })
})
