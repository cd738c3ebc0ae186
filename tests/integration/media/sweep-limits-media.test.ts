// The batch preflight of product photos at its exact bounds: 500 names in one batch are reserved
// (one photo row each), 501 are refused with "names: at most 500 files in one batch." and nothing
// is reserved; a name of 200 characters is reserved and one of 201 answers "File names are at
// most 200 characters." with no row for it.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reserveMedia } from '#app/features/media/media-preflight.server'
import { MAX_BATCH_NAMES } from '#app/features/media/media-views.server'
import { media } from '#db/schema'
import { actorOf, createBrand, createMember, type BrandFixture } from '#tests/support/factories'
import { startTestPortal, type TestPortal } from '#tests/support/portal'
import type { Actor } from '#app/platform/access/actor'

let portal: TestPortal
let brand: BrandFixture
let owner: Actor

beforeAll(async () => {
  portal = await startTestPortal()
  brand = await createBrand(portal.deps, { lines: 0 })
  const account = await createMember(portal.deps, [{ brand: brand.key, type: 'owner' }], { name: 'Photos' })
  owner = await actorOf(portal.deps, account)
})
afterAll(() => portal?.destroy())

const rowsOfBrand = () => portal.deps.db.select().from(media).where(eq(media.brandKey, brand.key))
const batch = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i}.jpg`)

describe('the photo batch preflight at its exact bounds', () => {
  it('is 500 names a batch', () => {
    expect(MAX_BATCH_NAMES).toBe(500)
  })

  it('refuses 501 names and reserves nothing', async () => {
    const refused = await reserveMedia(portal.deps, owner, {
      brand: brand.key,
      names: batch('over', MAX_BATCH_NAMES + 1),
    }).catch((error: unknown) => error)
    expect(refused).toMatchObject({
      type: 'ValidationError',
      status: 400,
      message: 'names: at most 500 files in one batch.',
    })
    expect(await rowsOfBrand()).toEqual([])
  })

  it('reserves 500 names, one photo row each', async () => {
    const results = await reserveMedia(portal.deps, owner, { brand: brand.key, names: batch('full', MAX_BATCH_NAMES) })
    expect(results).toHaveLength(MAX_BATCH_NAMES)
    expect(results.filter((result) => result.error)).toEqual([])
    expect((await rowsOfBrand()).filter((row) => row.name.startsWith('full-'))).toHaveLength(MAX_BATCH_NAMES)
  }, 60_000)

  it('reserves a name of 200 characters and refuses one of 201', async () => {
    const atBound = `${'a'.repeat(196)}.jpg`
    const over = `${'b'.repeat(197)}.jpg`
    const [taken, refused] = await reserveMedia(portal.deps, owner, { brand: brand.key, names: [atBound, over] })
    expect(taken).toMatchObject({ name: atBound })
    expect(taken!.error).toBeUndefined()
    expect(refused).toMatchObject({ name: over, error: 'File names are at most 200 characters.' })
    const names = (await rowsOfBrand()).map((row) => row.name)
    expect(names).toContain(atBound)
    expect(names).not.toContain(over)
  })
})
