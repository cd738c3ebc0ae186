import { describe, expect, it } from 'vitest'
import { bulkEditChanges, bulkEditCsv } from './bulk-edit-fields'

describe('bulkEditChanges', () => {
  it('keeps the fields given a value, trimmed, and drops the rest', () => {
    expect(
      bulkEditChanges({
        Department: '  Menswear ',
        Status: '',
        Units: '   ',
        'Style Name': 'Not a bulk field',
        Line: 'Main Line',
        csrf: 'token',
        Materials: 42,
      }),
    ).toEqual({ Department: 'Menswear', Line: 'Main Line' })
  })
})

describe('bulkEditCsv', () => {
  // The file goes to the portal's own reader, never to a spreadsheet: cells are quoted, not
  // neutralized, so "=Main" reaches the validator as typed.
  it('writes the id, name and number as they are, then the changed columns in the form’s order', () => {
    const csv = bulkEditCsv(
      [
        { key: 'a', listingUniqueId: 'A-1', styleName: 'Robe d’été, à fleurs', styleNumber: 'R-1' },
        { key: 'b', listingUniqueId: 'B-1', styleName: 'Say "hi"', styleNumber: null },
      ],
      { Status: 'draft', 'Wholesale Prices': '45 USD, 40.50 EUR', Line: '=Main' },
    )
    expect(csv).toBe(
      'Listing Unique Id,Style Name,Style Number,Line,Status,Wholesale Prices\r\n' +
        'A-1,"Robe d’été, à fleurs",R-1,=Main,draft,"45 USD, 40.50 EUR"\r\n' +
        'B-1,"Say ""hi""",,=Main,draft,"45 USD, 40.50 EUR"\r\n',
    )
  })
})
