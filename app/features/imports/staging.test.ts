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
    expect(() => new RowStager('imp', 'brand', {}, emptyRefs()).finish(null)).toThrow(
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
    expect(stager.finish(null)).toMatchObject({
      kind: 'parsed',
      headers: ['Listing Unique Id', 'Style Name', 'Style Number', 'Units'],
    })
  })
})
