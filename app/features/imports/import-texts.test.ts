import { describe, expect, it } from 'vitest'
import { doneTarget, looksLikeCsv, recordsParsed, stepStates } from './import-texts'

describe('looksLikeCsv', () => {
  it('accepts a .csv name with a type browsers give CSV files, or none', () => {
    expect(looksLikeCsv({ name: 'Line Sheet.CSV', type: 'text/csv' })).toBe(true)
    expect(looksLikeCsv({ name: 'sheet.csv', type: '' })).toBe(true)
    // Windows reports Excel's type for .csv files.
    expect(looksLikeCsv({ name: 'sheet.csv', type: 'application/vnd.ms-excel' })).toBe(true)
  })

  it('refuses other names and types', () => {
    expect(
      looksLikeCsv({ name: 'sheet.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    ).toBe(false)
    expect(looksLikeCsv({ name: 'photo.png', type: 'image/png' })).toBe(false)
    expect(looksLikeCsv({ name: 'photo.csv', type: 'image/png' })).toBe(false)
    expect(looksLikeCsv({ name: 'csv', type: '' })).toBe(false)
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
