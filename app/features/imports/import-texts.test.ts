import { describe, expect, it } from 'vitest'
import {
  ROLLBACK_TEXTS,
  doneTarget,
  importOutcome,
  looksLikeSpreadsheet,
  recordsParsed,
  rowList,
  stepStates,
} from './import-texts'
import { EMPTY_IMPORT_COUNTS } from '#db/schema'

describe('looksLikeSpreadsheet', () => {
  it('accepts a .csv name with a type browsers give CSV files, or none', () => {
    expect(looksLikeSpreadsheet({ name: 'Line Sheet.CSV', type: 'text/csv' })).toBe(true)
    expect(looksLikeSpreadsheet({ name: 'sheet.csv', type: '' })).toBe(true)
    // Windows reports Excel's type for .csv files.
    expect(looksLikeSpreadsheet({ name: 'sheet.csv', type: 'application/vnd.ms-excel' })).toBe(true)
  })

  it('accepts an .xlsx workbook with its type, or none', () => {
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    expect(looksLikeSpreadsheet({ name: 'Template.XLSX', type: xlsx })).toBe(true)
    expect(looksLikeSpreadsheet({ name: 'template.xlsx', type: '' })).toBe(true)
    expect(looksLikeSpreadsheet({ name: 'template.xlsx', type: 'text/csv' })).toBe(false)
  })

  it('refuses other names and types', () => {
    expect(looksLikeSpreadsheet({ name: 'sheet.xls', type: 'application/vnd.ms-excel' })).toBe(false)
    expect(looksLikeSpreadsheet({ name: 'sheet.numbers', type: '' })).toBe(false)
    expect(looksLikeSpreadsheet({ name: 'photo.png', type: 'image/png' })).toBe(false)
    expect(looksLikeSpreadsheet({ name: 'photo.csv', type: 'image/png' })).toBe(false)
    expect(looksLikeSpreadsheet({ name: 'csv', type: '' })).toBe(false)
  })
})

describe('the stepper', () => {
  it('shows the steps before the current one as completed and those after as not started', () => {
    expect(stepStates('media').map((step) => [step.number, step.label, step.state])).toEqual([
      [1, 'Product Upload', 'completed'],
      [2, 'Product Media Upload', 'in progress'],
      [3, 'Product Media Management', 'not started'],
    ])
    expect(stepStates('upload')[0]!.state).toBe('in progress')
  })
})

describe('Done of the details and review modals', () => {
  it('goes on to media upload, or only closes when the upload failed', () => {
    expect(doneTarget('b1', { key: 'i1', status: 'committed' })).toBe('/brand/b1/products/media/upload')
    expect(doneTarget('b1', { key: 'i1', status: 'failed' })).toBe('/brand/b1/products/upload/i1')
  })
})

it('counts parsed records in the spec words', () => {
  expect(recordsParsed(12)).toBe('12 records parsed')
})

describe('importOutcome', () => {
  const view = (
    status: Parameters<typeof importOutcome>[0]['status'],
    counts = {},
    error: { type: string; message: string } | null = null,
  ) => ({
    status,
    counts: { ...EMPTY_IMPORT_COUNTS, ...counts },
    error,
    progress: { rowsParsed: 1200 },
  })

  it('tells a dry run by what it would do, and a header-only file that it has no rows', () => {
    expect(importOutcome(view('previewed', { rows: 9, create: 4, update: 2, errors: 3 }))).toBe(
      'Dry run, not committed: would create 4, update 2; 3 errors',
    )
    expect(importOutcome(view('previewed', { rows: 1, create: 0, update: 0, errors: 1 }))).toBe(
      'Dry run, not committed: would create 0, update 0; 1 error',
    )
    expect(importOutcome(view('previewed'))).toBe('No rows: the file has only its header row')
  })

  it('tells what a commit did, what a roll back undid, and why an upload failed', () => {
    expect(importOutcome(view('committed', { created: 3, updated: 1, failed: 2 }))).toBe(
      '3 created, 1 updated, 2 failed',
    )
    expect(importOutcome(view('rolled_back', { created: 3, updated: 1 }))).toBe(
      'Rolled back: 3 created and 1 updated were undone',
    )
    expect(importOutcome(view('failed', {}, { type: 'interrupted', message: 'x' }))).toBe(
      'Interrupted: upload the file again',
    )
    expect(importOutcome(view('failed', {}, { type: 'unreadable', message: 'The file is gone.' }))).toBe(
      'Failed: The file is gone.',
    )
    expect(importOutcome(view('failed', {}, { type: 'cancelled', message: 'x' }))).toBe('Cancelled while it was read')
    expect(importOutcome(view('parsing'))).toBe('Reading the file: 1,200 rows read')
    expect(importOutcome(view('needs_mapping'))).toBe('Columns to map before the dry run')
  })
})

describe('rowList', () => {
  it('names one row, a few rows, and the first ten of many with how many more', () => {
    expect(rowList({ first: [5], count: 1 })).toBe('Row 5 was')
    expect(rowList({ first: [5, 7, 9], count: 3 })).toBe('Rows 5, 7 and 9 were')
    const ten = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    expect(rowList({ first: ten, count: 10 })).toBe('Rows 2, 3, 4, 5, 6, 7, 8, 9, 10 and 11 were')
    expect(rowList({ first: ten, count: 11 })).toBe('Rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 1 more were')
    expect(rowList({ first: ten, count: 100_000 })).toBe('Rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 99,990 more were')
  })

  it('tells every later upload, then the edits, in one message', () => {
    expect(
      ROLLBACK_TEXTS.blocked({
        imports: [{ filename: 'b.csv', rows: { first: [3], count: 1 } }],
        edited: { first: [4, 6], count: 2 },
      }),
    ).toBe(
      'Row 3 was changed since by the upload of b.csv: roll that one back first. Rows 4 and 6 were edited since on the products page.',
    )
  })
})
