import { describe, expect, it } from 'vitest'
import { neutralizeCell, quoteCell, toCsv } from '#app/platform/csv'

describe('neutralizeCell', () => {
  it.each(['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x")'])(
    'prefixes a quote to %j, which a spreadsheet would run',
    (value) => {
      expect(neutralizeCell(value)).toBe(`'${value}`)
    },
  )

  it.each(['Ada Admin', 'ada@demo.test', '', "'quoted", 'a=b', ' =x'])('leaves %j as it is', (value) => {
    expect(neutralizeCell(value)).toBe(value)
  })
})

describe('quoteCell', () => {
  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(quoteCell('a,b')).toBe('"a,b"')
    expect(quoteCell('say "hi"')).toBe('"say ""hi"""')
    expect(quoteCell('two\nlines')).toBe('"two\nlines"')
    expect(quoteCell('cr\rhere')).toBe('"cr\rhere"')
    expect(quoteCell('plain')).toBe('plain')
  })
})

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends', () => {
    expect(toCsv(['Name', 'email'], [['Ada', 'ada@demo.test']])).toBe('Name,email\r\nAda,ada@demo.test\r\n')
  })

  it('neutralizes before quoting, so a formula with a comma stays one quoted text cell', () => {
    expect(toCsv(['a'], [['=SUM(1,2)']])).toBe('a\r\n"\'=SUM(1,2)"\r\n')
  })

  it('writes empty cells for null and undefined, and booleans as words', () => {
    expect(toCsv(['a', 'b', 'c'], [[null, undefined, true]])).toBe('a,b,c\r\n,,true\r\n')
  })
})
