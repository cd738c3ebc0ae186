import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { CsvFormatError, detectEncoding, detectLayout, readCsv, type CsvFormat, type CsvRecord } from './reader'

async function* chunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size)
}

async function read(input: string | Uint8Array, chunkSize = 7) {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input
  const records: CsvRecord[] = []
  let format: CsvFormat | undefined
  for await (const batch of readCsv(chunks(bytes, chunkSize), { batchSize: 2, onFormat: (f) => (format = f) })) {
    records.push(...batch.records)
  }
  return { records, format, cells: records.map((record) => record.cells) }
}

/** Windows-1252 bytes of a Latin-1 text (the two agree on these letters). */
const latin1 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)))

describe('readCsv', () => {
  it('reads UTF-8 without a BOM', async () => {
    const { cells, format } = await read('Listing Unique Id,Style Name\nA-1,Crème Shirt\n')
    expect(cells).toEqual([
      ['Listing Unique Id', 'Style Name'],
      ['A-1', 'Crème Shirt'],
    ])
    expect(format?.encoding).toBe('utf-8')
  })

  it('drops the BOM of a UTF-8 file, so the first header still matches', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Listing Unique Id;Size\r\nA-1;M\r\n')])
    const { cells, format } = await read(bytes, 2)
    expect(cells[0]).toEqual(['Listing Unique Id', 'Size'])
    expect(format).toEqual({ encoding: 'utf-8-bom', delimiter: ';', newline: '\r\n' })
  })

  it('reads Windows-1252 bytes as the letters Excel wrote', async () => {
    // 0xE9 é, 0x80 €: invalid as UTF-8, so the file is Windows-1252.
    const bytes = new Uint8Array([
      ...latin1('Listing Unique Id,Style Name,Wholesale Prices\nA-1,Caf'),
      0xe9,
      ...latin1(',45 EUR '),
      0x80,
      0x0a,
    ])
    const { cells, format } = await read(bytes)
    expect(format?.encoding).toBe('windows-1252')
    expect(cells[1]).toEqual(['A-1', 'Café', '45 EUR €'])
  })

  it('detects semicolons and tabs as the delimiter', async () => {
    expect((await read('a;b;c\n1;2;3\n')).cells).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ])
    expect((await read('a\tb\n"1,5"\t2\n')).cells).toEqual([
      ['a', 'b'],
      ['1,5', '2'],
    ])
  })

  it('keeps line breaks and quotes inside quoted fields, over CRLF files and any chunking', async () => {
    const text = 'id,description\r\nA-1,"Two\r\nlines, one ""quote"""\r\nA-2,plain\r\n'
    for (const size of [1, 3, 5, 64]) {
      expect((await read(text, size)).cells).toEqual([
        ['id', 'description'],
        ['A-1', 'Two\r\nlines, one "quote"'],
        ['A-2', 'plain'],
      ])
    }
  })

  it('skips empty rows but counts them, so the row number is the spreadsheet row', async () => {
    const { records } = await read('id,name\n\nA-1,x\n,\n  \nA-2,y')
    expect(records.map((record) => [record.index, record.cells[0]])).toEqual([
      [0, 'id'],
      [2, 'A-1'],
      [5, 'A-2'],
    ])
  })

  it('refuses a binary file (an xlsx) as not a CSV', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0])
    await expect(read(zip)).rejects.toThrow(new CsvFormatError('CSV file not detected. '))
  })

  it('stops at a record that never ends (an open quote) instead of holding the file', async () => {
    const open = `id,name\nA-1,"${'x'.repeat(1_100_000)}`
    await expect(read(open, 64 * 1024)).rejects.toThrow(/longer than 1,000,000 characters/)
  })

  it('drops control characters from cells and keeps tabs, line breaks and every letter', async () => {
    const text = 'id,name\nA-1,"Caf\u0001é\u001b[31m\tSe\u007fñora\r\nline two 😀"\n'
    expect((await read(text)).cells[1]).toEqual(['A-1', 'Café[31m\tSeñora\r\nline two 😀'])
    // A NUL in the first bytes says binary; further down it is dropped like the others.
    const later = `id,name\n${'F-1,filler\n'.repeat(500)}N-1,a\u0000b\n`
    expect((await read(later, 4096)).cells.at(-1)).toEqual(['N-1', 'ab'])
  })

  it('refuses more than 1,000 columns, and a header name over 500 characters, as it reads', async () => {
    const wide = `${Array.from({ length: 1001 }, (_, i) => `c${i}`).join(',')}\n`
    await expect(read(wide, 4096)).rejects.toThrow(
      new CsvFormatError('Row 1 has 1,001 columns; a file may have at most 1,000.'),
    )
    expect((await read(`${Array.from({ length: 1000 }, (_, i) => `c${i}`).join(',')}\n`, 4096)).cells[0]).toHaveLength(
      1000,
    )
    await expect(read(`id,${'n'.repeat(501)}\n`)).rejects.toThrow(
      new CsvFormatError('Column 2 of the header row is longer than 500 characters.'),
    )
    // A long cell further down is a value, not a name.
    expect((await read(`id,name\nA-1,${'n'.repeat(501)}\n`)).cells[1]![1]).toHaveLength(501)
  })

  it('keeps leading zeros and long digit strings as text', async () => {
    expect((await read('id,upc\nA-1,012345678905\n')).cells[1]).toEqual(['A-1', '012345678905'])
  })

  it('never throws anything but a CsvFormatError on random bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 400 }), fc.integer({ min: 1, max: 50 }), async (bytes, size) => {
        try {
          await read(bytes, size)
        } catch (error) {
          expect(error).toBeInstanceOf(CsvFormatError)
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('detectEncoding and detectLayout', () => {
  it('tells UTF-8, UTF-8 with BOM and Windows-1252 apart', () => {
    expect(detectEncoding(new TextEncoder().encode('Crème'))).toBe('utf-8')
    expect(detectEncoding(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toBe('utf-8-bom')
    expect(detectEncoding(latin1('Cr\u00e8me'))).toBe('windows-1252')
  })

  it('takes the delimiter of the first line, not of quoted text', () => {
    expect(detectLayout('"a,b,c";d;e\n1;2;3')).toEqual({ delimiter: ';', newline: '\n' })
    expect(detectLayout('single\r\n')).toEqual({ delimiter: ',', newline: '\r\n' })
  })
})
