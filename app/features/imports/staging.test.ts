import { describe, expect, it } from 'vitest'
import { IMPORT_MESSAGES } from './messages'
import { RowStager, StagingError, stagingCopyText, type StagedRow } from './staging'
import { emptyRefs } from './validate'

const row = (overrides: Partial<StagedRow> = {}): StagedRow => ({
  rowNumber: 1,
  listingUniqueId: 'A-1',
  normId: 'a-1',
  cells: ['A-1'],
  issues: [],
  target: {},
  action: 'create',
  listingKey: 'k',
  ...overrides,
})

describe('stagingCopyText', () => {
  it('writes one line per row, columns split by tabs, special characters escaped', () => {
    const text = stagingCopyText('imp', 'brand', [
      row({ listingUniqueId: 'a\tb\\c\nd', cells: ['a\tb', 'c\\d'] }),
      row({ rowNumber: 2, listingUniqueId: 'B' }),
    ]).toString('utf8')
    const lines = text.split('\n')
    expect(lines).toHaveLength(3)
    expect(lines[2]).toBe('')
    const columns = lines[0]!.split('\t')
    expect(columns).toHaveLength(11)
    expect(columns.slice(0, 4)).toEqual(['imp', 'brand', '1', 'a\\tb\\\\c\\nd'])
    // JSON escapes the tab itself; its backslashes are doubled for COPY.
    expect(columns[5]).toBe('["a\\\\tb","c\\\\\\\\d"]')
    expect(columns.slice(8)).toEqual(['create', 'k', 'pending'])
  })

  it('encodes as UTF-8 however long the batch', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => row({ rowNumber: i + 1, cells: ['Robe Élégante 👗'] }))
    const bytes = stagingCopyText('imp', 'brand', rows)
    expect(bytes.toString('utf8').split('\n')).toHaveLength(3001)
    expect(bytes.toString('utf8')).toContain('Robe Élégante 👗')
  })
})

describe('RowStager', () => {
  it('stops at headers that need a mapping, and needs the id column', () => {
    const stager = new RowStager('imp', 'brand', {}, emptyRefs())
    const taken = stager.take([{ index: 0, cells: ['Listing Unique Id', 'Colourway'] }])
    expect(taken).toEqual({
      outcome: expect.objectContaining({ kind: 'needs_mapping', unmatched: ['Colourway'] }) as unknown,
    })
    const without = new RowStager('imp', 'brand', {}, emptyRefs())
    expect(() => without.take([{ index: 0, cells: ['Style Name'] }])).toThrow(
      new StagingError(IMPORT_MESSAGES.missingIdColumn),
    )
    expect(() => new RowStager('imp', 'brand', {}, emptyRefs()).finish()).toThrow(
      new StagingError(IMPORT_MESSAGES.emptyFile),
    )
  })

  it('stages valid rows to create and rows with errors as errors, each with a new key', () => {
    const stager = new RowStager('imp', 'brand', {}, emptyRefs())
    const taken = stager.take([
      { index: 0, cells: ['Listing Unique Id', 'Style Name', 'Style Number', 'Units'] },
      { index: 1, cells: ['A-1', 'Linen Shirt', 'SN-1', '3'] },
      { index: 2, cells: ['A-2', 'Linen Shirt', 'SN-1', 'lots'] },
    ])
    if (!('csv' in taken)) throw new Error('rows expected')
    expect(taken.rows).toBe(2)
    const [first, second] = taken.csv
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('\t'))
    expect(first![8]).toBe('create')
    expect(second![8]).toBe('error')
    expect(first![9]).toMatch(/^[a-z2-9]{16}$/)
    expect(first![9]).not.toBe(second![9])
    expect(stager.finish()).toMatchObject({
      kind: 'parsed',
      headers: ['Listing Unique Id', 'Style Name', 'Style Number', 'Units'],
    })
  })

  /** The staged rows of `records` after the header, as [row number, action, issues]. */
  const stage = (records: string[][], format: Parameters<RowStager['setFormat']>[0] = null, at = [0, 1, 2, 4]) => {
    const stager = new RowStager('imp', 'brand', {}, emptyRefs())
    stager.setFormat(format)
    const taken = stager.take(records.map((cells, i) => ({ index: at[i] ?? i, cells })))
    if (!('csv' in taken)) throw new Error('rows expected')
    return taken.csv
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('\t'))
      .map((columns) => ({
        row: Number(columns[2]),
        action: columns[8],
        issues: JSON.parse(columns[6]!.replace(/\\\\/g, '\\')) as { field: string; message: string; level: string }[],
      }))
  }
  const header = ['Listing Unique Id', 'Style Name', 'Style Number']
  const csv = { encoding: 'utf-8', delimiter: ',', newline: '\n' } as const

  it('numbers each row as the sheet does: the header is row 1, a blank line still counts', () => {
    // The reader skipped a blank line between the second and third record (index 3).
    const rows = stage([header, ['A-1', 'Tee', 'S1'], ['A-2', 'Tee', 'S2'], ['A-3', 'Tee', 'S3']])
    expect(rows.map((row) => row.row)).toEqual([2, 3, 5])
  })

  it('refuses a row with more fields than the header, naming the count and the likely cause, and only that', () => {
    const [shifted] = stage([header, ['A-1', 'Tee', 'Classic', 'S1']], csv)
    expect(shifted!.action).toBe('error')
    expect(shifted!.issues).toEqual([
      {
        field: '',
        level: 'error',
        message: 'This row has 4 fields where the header has 3: is there a comma inside a value that is not in quotes?',
      },
    ])
    const [semicolons] = stage([header, ['A-1', 'Tee', 'Classic', 'S1']], { ...csv, delimiter: ';' })
    expect(semicolons!.issues[0]!.message).toContain('is there a semicolon inside')
    const [workbook] = stage([header, ['A-1', 'Tee', 'S1', 'stray']])
    expect(workbook!.issues[0]!.message).toBe(
      'This row has values in 4 columns where the header has 3: is a value in a column without a header?',
    )
  })

  it('takes empty fields after the last column, and warns of a row with fewer fields than the header', () => {
    const withUnits = [...header, 'Units']
    const [trailing, short] = stage([withUnits, ['A-1', 'Tee', 'S1', '3', '', ' '], ['A-2', 'Tee', 'S2']], csv)
    expect(trailing!.action).toBe('create')
    expect(trailing!.issues).toEqual([])
    expect(short!.action).toBe('create')
    expect(short!.issues).toContainEqual({
      field: '',
      level: 'warning',
      message: 'This row has 3 fields where the header has 4: the missing ones are read as empty.',
    })
  })
})
