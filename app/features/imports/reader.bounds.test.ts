// The limits of an import file, checked on every row and not only the first: at most 1,000
// columns in any row (1,000 read, 1,001 refused with the row's number), and header names of at
// most 500 characters in any column of the header (500 read, 501 refused with the column's number).
import { describe, expect, it } from 'vitest'
import { CsvFormatError, MAX_COLUMNS, MAX_HEADER_CHARS, readCsv, type CsvRecord } from './reader'

async function* chunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size)
}

async function read(text: string, chunkSize = 4096) {
  const records: CsvRecord[] = []
  for await (const batch of readCsv(chunks(new TextEncoder().encode(text), chunkSize), { batchSize: 2 })) {
    records.push(...batch.records)
  }
  return records.map((record) => record.cells)
}

const row = (columns: number, prefix = 'v') => Array.from({ length: columns }, (_, i) => `${prefix}${i}`).join(',')

describe('the columns of every row of an import file', () => {
  it('are the same numbers as the rule says', () => {
    expect(MAX_COLUMNS).toBe(1000)
    expect(MAX_HEADER_CHARS).toBe(500)
  })

  it(`reads ${MAX_COLUMNS} columns in a row far below the header`, async () => {
    const text = `id,name\n${'A-1,one\n'.repeat(5)}${row(MAX_COLUMNS)}\nB-1,two\n`
    const cells = await read(text)
    expect(cells).toHaveLength(8)
    expect(cells[6]).toHaveLength(MAX_COLUMNS)
  })

  it(`refuses ${MAX_COLUMNS + 1} columns in the third row, naming that row`, async () => {
    const text = `id,name\nA-1,one\n${row(MAX_COLUMNS + 1)}\nB-1,two\n`
    await expect(read(text)).rejects.toThrow(
      new CsvFormatError('Row 3 has 1,001 columns; a file may have at most 1,000.'),
    )
  })

  it(`refuses ${MAX_COLUMNS + 1} columns in the last row of a long file, read in many pieces`, async () => {
    const rows = 3000
    const text = `id,name\n${'A-1,one\n'.repeat(rows - 2)}${row(MAX_COLUMNS + 1)}\n`
    await expect(read(text, 1000)).rejects.toThrow(
      new CsvFormatError(`Row ${rows} has 1,001 columns; a file may have at most 1,000.`),
    )
  })
})

describe('the names of every column of the header', () => {
  it(`reads a name of exactly ${MAX_HEADER_CHARS} characters in any column`, async () => {
    const name = 'n'.repeat(MAX_HEADER_CHARS)
    const cells = await read(`id,name,${name}\nA-1,one,two\n`)
    expect(cells[0]![2]).toBe(name)
  })

  it(`refuses a name of ${MAX_HEADER_CHARS + 1} characters in the last column, naming that column`, async () => {
    const text = `id,name,colour,${'n'.repeat(MAX_HEADER_CHARS + 1)}\nA-1,one,red,two\n`
    await expect(read(text)).rejects.toThrow(
      new CsvFormatError('Column 4 of the header row is longer than 500 characters.'),
    )
  })

  it('refuses a long name even when the header comes after empty rows', async () => {
    const text = `\n\nid,${'n'.repeat(MAX_HEADER_CHARS + 1)}\nA-1,one\n`
    await expect(read(text)).rejects.toThrow(
      new CsvFormatError('Column 2 of the header row is longer than 500 characters.'),
    )
  })
})
