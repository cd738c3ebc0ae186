import { describe, expect, it } from 'vitest'
import { groupedIssues } from './issue-groups'
import { IMPORT_MESSAGES } from './messages'
import type { RowIssue } from './views'

const empty = (field: string): RowIssue => ({ field, message: IMPORT_MESSAGES.optionalEmpty(field), level: 'warning' })
const error: RowIssue = { field: 'UPC', message: IMPORT_MESSAGES.parseError('UPC'), level: 'error', detail: 'Digits.' }

describe('groupedIssues', () => {
  it("tells a row's empty optional fields in one warning, each field's own text on hover", () => {
    expect(groupedIssues([empty('Waist'), error, empty('Chest'), empty('Hips')])).toEqual([
      error,
      {
        field: '',
        level: 'warning',
        message: 'Optional fields empty: Waist, Chest, Hips',
        hover: 'Optional field "Waist" is empty\nOptional field "Chest" is empty\nOptional field "Hips" is empty',
      },
    ])
  })

  it('leaves one empty field, and every other warning, as they are', () => {
    const other: RowIssue = { field: 'SKU', message: IMPORT_MESSAGES.skuCase, level: 'warning' }
    expect(groupedIssues([empty('Waist'), other])).toEqual([empty('Waist'), other])
    expect(groupedIssues([])).toEqual([])
  })
})
