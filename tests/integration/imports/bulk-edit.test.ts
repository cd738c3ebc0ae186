// Bulk edit of selected products against a real database (docs/decisions/182): the new values
// become an upload of the selected listings, so the dry run shows them before anything changes,
// Commit writes only the fields chosen, and Roll back puts the listings back as they were.
import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { BULK_EDIT_MAX, BULK_EDIT_TEXTS } from '#app/features/imports/bulk-edit-fields'
import {
  bulkEditSelection,
  commitImport,
  listImportRows,
  rollbackImport,
  startBulkEdit,
} from '#app/features/imports/imports.server'
import { newKey } from '#app/platform/ids'
import { imports, listings } from '#db/schema'
import { createListing } from '#tests/support/catalogue-factories'
import { createBrand } from '#tests/support/factories'
import { actors, brand, cookies, portal, setUpImportsWorld } from '#tests/support/imports-world'
import { action as bulkEditAction } from '#app/features/imports/pages/bulk-edit.server'
import { action as removeAction } from '#app/features/catalogue/pages/products-list-remove.server'
import { postForm } from '#tests/support/routes'

setUpImportsWorld()

async function twoListings(prefix: string) {
  const a = await createListing(portal.deps, brand.key, {
    listingUniqueId: `${prefix}-A`,
    styleName: 'Camp Shirt',
    styleNumber: 'CS-1',
    department: 'Womens',
    units: 3,
  })
  const b = await createListing(portal.deps, brand.key, {
    listingUniqueId: `${prefix}-B`,
    styleName: 'Robe d’été, à fleurs',
    styleNumber: 'CS-2',
    department: 'Womens',
    units: 7,
  })
  return [a, b]
}

const rowsOf = async (keys: string[]) =>
  (await portal.deps.db.select().from(listings).where(inArray(listings.key, keys)))
    .map(({ modified: _m, ...row }) => row)
    .sort((x, y) => x.listingUniqueId.localeCompare(y.listingUniqueId))

const importCount = async () => (await portal.deps.db.select({ key: imports.key }).from(imports)).length

describe('bulk edit', () => {
  it('shows the new values as a dry run, writes only the fields chosen, and rolls back', async () => {
    const [a, b] = await twoListings('BULK')
    const before = await rowsOf([a!.key, b!.key])
    const view = await startBulkEdit(portal.deps, actors.owner, brand.key, [a!.key, b!.key], {
      Department: 'Menswear',
      Status: 'archived',
      Line: brand.lines[1]!.name,
    })
    expect(view.filename).toBe('Bulk edit of 2 products.csv')
    expect(view.status).toBe('previewed')
    expect(view.counts).toMatchObject({ rows: 2, update: 2, create: 0, errors: 0 })
    // The dry run says what changes, and nothing has yet.
    const { rows } = await listImportRows(portal.deps, actors.owner, view.key)
    expect(rows.map((row) => row.values.Department)).toEqual(['Menswear', 'Menswear'])
    expect(await rowsOf([a!.key, b!.key])).toEqual(before)

    await commitImport(portal.deps, actors.owner, view.key)
    const after = await rowsOf([a!.key, b!.key])
    expect(after.map((row) => [row.department, row.status, row.lineKey])).toEqual([
      ['Menswear', 'archived', brand.lines[1]!.key],
      ['Menswear', 'archived', brand.lines[1]!.key],
    ])
    // Every other field as it was: names with punctuation, units.
    expect(after.map((row) => [row.styleName, row.styleNumber, row.units])).toEqual([
      ['Camp Shirt', 'CS-1', 3],
      ['Robe d’été, à fleurs', 'CS-2', 7],
    ])

    await rollbackImport(portal.deps, actors.owner, view.key)
    expect(await rowsOf([a!.key, b!.key])).toEqual(before)
  })

  it('checks each value as an upload does: a wrong one fails its rows in the dry run and writes nothing', async () => {
    const [a, b] = await twoListings('BULKBAD')
    const before = await rowsOf([a!.key, b!.key])
    const view = await startBulkEdit(portal.deps, actors.owner, brand.key, [a!.key, b!.key], {
      Units: 'many',
      Line: 'No Such Line',
    })
    expect(view.counts).toMatchObject({ rows: 2, errors: 2, update: 0 })
    const { rows } = await listImportRows(portal.deps, actors.owner, view.key)
    expect(rows[0]!.issues.filter((issue) => issue.level === 'error').map((issue) => issue.field)).toEqual(
      expect.arrayContaining(['Units', 'Line']),
    )
    expect(await rowsOf([a!.key, b!.key])).toEqual(before)
  })

  it('refuses an empty change, no selection and too many, keeping no upload', async () => {
    const [a] = await twoListings('BULKNONE')
    const count = await importCount()
    await expect(startBulkEdit(portal.deps, actors.owner, brand.key, [a!.key], {})).rejects.toMatchObject({
      status: 400,
      message: BULK_EDIT_TEXTS.noChange,
    })
    await expect(startBulkEdit(portal.deps, actors.owner, brand.key, [], { Status: 'draft' })).rejects.toMatchObject({
      status: 400,
      message: BULK_EDIT_TEXTS.nothingSelected,
    })
    // Exactly the bound passes the count check (and finds the one real listing); one more is refused.
    const filler = (n: number) => Array.from({ length: n }, () => newKey())
    const atBound = await bulkEditSelection(portal.deps, actors.owner, brand.key, [
      a!.key,
      ...filler(BULK_EDIT_MAX - 1),
    ])
    expect(atBound.rows.map((row) => row.key)).toEqual([a!.key])
    await expect(
      startBulkEdit(portal.deps, actors.owner, brand.key, [a!.key, ...filler(BULK_EDIT_MAX)], { Status: 'draft' }),
    ).rejects.toMatchObject({ status: 400, message: BULK_EDIT_TEXTS.tooMany })
    expect(await importCount()).toBe(count)
  })

  it('tells a form of more keys than a list page holds that it is too many, on the edit and on delete', async () => {
    const [a] = await twoListings('BULKFORGED')
    const count = await importCount()
    const filler = (n: number) => Array.from({ length: n }, () => newKey())
    const post = (action: Parameters<typeof postForm>[1], path: string, keys: string[], fields = {}) =>
      postForm(portal, action, {
        path: `/brand/${brand.key}/products/${path}`,
        params: { brandKey: brand.key },
        cookie: cookies.owner,
        fields: { keys: keys.join(','), ...fields },
      })
    const tooMany = [a!.key, ...filler(BULK_EDIT_MAX)]
    const edit = await post(bulkEditAction, 'bulk-edit', tooMany, { Department: 'Menswear' })
    expect(edit.status).toBe(400)
    expect(await edit.json()).toMatchObject({ error: BULK_EDIT_TEXTS.tooMany })
    // At the bound the form is read: the one real listing makes an upload.
    const atBound = await post(bulkEditAction, 'bulk-edit', tooMany.slice(0, BULK_EDIT_MAX), { Department: 'Menswear' })
    expect(atBound.status).toBe(302)
    expect(await importCount()).toBe(count + 1)

    const removal = await post(removeAction, 'remove', tooMany)
    expect(removal.status).toBe(302)
    expect(await rowsOf([a!.key])).toHaveLength(1)
  })

  it('never reaches another brand’s listings, and is for editors of the whole brand', async () => {
    const other = await createBrand(portal.deps, { lines: 0 })
    const theirs = await createListing(portal.deps, other.key, { listingUniqueId: 'THEIRS-1', department: 'Kids' })
    const [a] = await twoListings('BULKWHO')
    const count = await importCount()
    // Their key under our brand: not found among ours, nothing selected.
    await expect(
      startBulkEdit(portal.deps, actors.owner, brand.key, [theirs.key], { Department: 'Menswear' }),
    ).rejects.toMatchObject({ status: 400, message: BULK_EDIT_TEXTS.nothingSelected })
    // Mixed in with ours: only ours is in the upload.
    const view = await startBulkEdit(portal.deps, actors.owner, brand.key, [a!.key, theirs.key], {
      Department: 'Menswear',
    })
    expect(view.counts.rows).toBe(1)
    // Their brand, from us: not found.
    await expect(
      startBulkEdit(portal.deps, actors.owner, other.key, [theirs.key], { Department: 'Menswear' }),
    ).rejects.toMatchObject({ status: 404 })
    // A read member; an editor of one line only, whose grant does not open the brand (as for an
    // upload to the brand); an outsider.
    for (const [actor, status] of [
      [actors.reader, 403],
      [actors.lineEditor, 404],
      [actors.outsider, 404],
    ] as const) {
      await expect(
        startBulkEdit(portal.deps, actor, brand.key, [a!.key], { Department: 'Menswear' }),
        `${actor.key}`,
      ).rejects.toMatchObject({ status })
      await expect(bulkEditSelection(portal.deps, actor, brand.key, [a!.key])).rejects.toMatchObject({ status })
    }
    expect(await importCount()).toBe(count + 1)
    const [theirsNow] = await portal.deps.db.select().from(listings).where(eq(listings.key, theirs.key))
    expect(theirsNow!.department).toBe('Kids')
  })
})
