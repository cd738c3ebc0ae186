// The limits of an import met after the upload, at their exact bounds: a value typed into a row
// to fix it takes 10,000 characters (10,001 refused with "{Field}: at most 10000 characters.",
// the row as it was); the file's name is kept whole up to 255 characters and cut to its last 255
// beyond.
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { updateImportRow } from '#app/features/imports/import-changes.server'
import { MAX_CELL_EDIT, MAX_FILENAME } from '#app/features/imports/import-views.server'
import { importRows, imports } from '#db/schema'
import { HEADER, actors, portal, upload, setUpImportsWorld } from '#tests/support/imports-world'

setUpImportsWorld()

const cellsOf = async (importKey: string, rowNumber: number) =>
  (
    await portal.deps.db
      .select({ cells: importRows.cells })
      .from(importRows)
      .where(and(eq(importRows.importKey, importKey), eq(importRows.rowNumber, rowNumber)))
  )[0]!.cells

const storedFilename = async (importKey: string) =>
  (await portal.deps.db.select({ filename: imports.filename }).from(imports).where(eq(imports.key, importKey)))[0]!
    .filename

describe('import limits at their exact bounds', () => {
  it('are 10,000 characters a fixed value and 255 a file name', () => {
    expect(MAX_CELL_EDIT).toBe(10_000)
    expect(MAX_FILENAME).toBe(255)
  })

  it('takes a fixed value of 10,000 characters and refuses 10,001, leaving the row as it was', async () => {
    const view = await upload(actors.owner, [HEADER, 'LIM-1,Short Name,SN-L1,,1,,,'].join('\r\n'))
    expect(view.status).toBe('previewed')
    const before = await cellsOf(view.key, 2)

    const over = await updateImportRow(portal.deps, actors.owner, view.key, 2, {
      'Style Name': 'n'.repeat(MAX_CELL_EDIT + 1),
    }).catch((error: unknown) => error)
    expect(over).toMatchObject({
      type: 'ValidationError',
      status: 400,
      message: 'Style Name: at most 10000 characters.',
    })
    expect(await cellsOf(view.key, 2)).toEqual(before)

    const atBound = await updateImportRow(portal.deps, actors.owner, view.key, 2, {
      'Style Name': 'n'.repeat(MAX_CELL_EDIT),
    })
    // Row 2 of the sheet: the header is row 1.
    expect(atBound.rowNumber).toBe(2)
    expect(await cellsOf(view.key, 2)).toContain('n'.repeat(MAX_CELL_EDIT))
  })

  it('keeps a file name of 255 characters whole and cuts a longer one to its last 255', async () => {
    const exact = `${'a'.repeat(MAX_FILENAME - 4)}.csv`
    const whole = await upload(actors.owner, [HEADER, 'LIM-2,Name,SN-L2,,1,,,'].join('\r\n'), { filename: exact })
    expect(await storedFilename(whole.key)).toBe(exact)
    expect(whole.filename).toBe(exact)

    const longer = `b${exact}`
    const cut = await upload(actors.owner, [HEADER, 'LIM-3,Name,SN-L3,,1,,,'].join('\r\n'), { filename: longer })
    expect(await storedFilename(cut.key)).toBe(exact)
  })
})
