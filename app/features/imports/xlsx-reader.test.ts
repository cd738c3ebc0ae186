import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import { describe, expect, it } from 'vitest'
import type { CsvRecord } from './reader'
import { readSpreadsheet, type SheetFormat } from './sheet-reader'
import { XLSX_TOO_LARGE, XLSX_UNREADABLE, cellText, numberText, readXlsx } from './xlsx-reader'

async function* chunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size)
}

async function read(bytes: Uint8Array, options: { sheet?: string; chunkSize?: number } = {}) {
  const records: CsvRecord[] = []
  let format: SheetFormat | undefined
  const reading = readSpreadsheet(chunks(bytes, options.chunkSize ?? 997), {
    batchSize: 2,
    sheet: options.sheet ?? null,
    onFormat: (read) => (format = read),
  })
  for await (const batch of reading) records.push(...batch.records)
  return { records, format, cells: records.map((record) => record.cells), rows: records.map((r) => r.index + 1) }
}

/** A workbook as exceljs writes it: each sheet before the shared strings, the workbook part last. */
async function workbook(build: (book: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook()
  build(book)
  return new Uint8Array(await book.xlsx.writeBuffer())
}

/** The same workbook with its parts in the order given first (strings and styles before the sheets). */
async function reordered(bytes: Uint8Array, first: string[]): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(bytes)
  const out = new JSZip()
  const names = Object.keys(zip.files).filter((name) => !zip.files[name]!.dir)
  for (const name of [...first, ...names.filter((name) => !first.includes(name))]) {
    out.file(name, await zip.file(name)!.async('uint8array'))
  }
  return out.generateAsync({ type: 'uint8array', compression: 'DEFLATE' })
}

const template = (book: ExcelJS.Workbook) => {
  const sheet = book.addWorksheet('Products')
  sheet.addRow(['Listing Unique Id', 'Style Name', 'UPC', 'Retail Price', 'Launch'])
  sheet.addRow(['A-1', 'T-Shirt Classic', 12345678905, 19.990000000000002, new Date(Date.UTC(2027, 2, 1))])
  sheet.addRow([])
  sheet.addRow(['A-2', { richText: [{ text: 'Robe ' }, { text: "d'été", font: { bold: true } }] }])
  sheet.getCell('C2').numFmt = '000000000000'
  sheet.getCell('E2').numFmt = 'yyyy-mm-dd'
  sheet.getCell('C4').value = { formula: 'C2+1', result: 12345678906 }
  sheet.getCell('C4').numFmt = '000000000000'
}

describe('readSpreadsheet of an .xlsx workbook', () => {
  it('reads cells as the sheet shows them, numbered by the sheet, short rows padded to the header', async () => {
    const { cells, rows, format } = await read(await workbook(template))
    expect(cells).toEqual([
      ['Listing Unique Id', 'Style Name', 'UPC', 'Retail Price', 'Launch'],
      ['A-1', 'T-Shirt Classic', '012345678905', '19.99', '2027-03-01'],
      ['A-2', "Robe d'été", '012345678906', '', ''],
    ])
    // Row 3 of the sheet is blank: it is skipped and the next row keeps its number.
    expect(rows).toEqual([1, 2, 4])
    expect(format).toEqual({ kind: 'xlsx', sheet: 'Products', sheets: ['Products'] })
  })

  it('reads the same with the strings and styles stored before the sheet (no spooling)', async () => {
    const bytes = await reordered(await workbook(template), [
      '[Content_Types].xml',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/sharedStrings.xml',
    ])
    const { cells, rows } = await read(bytes, { chunkSize: 64 })
    expect(cells[1]).toEqual(['A-1', 'T-Shirt Classic', '012345678905', '19.99', '2027-03-01'])
    expect(rows).toEqual([1, 2, 4])
  })

  it('reads the first visible sheet, or the one named, and lists the visible ones', async () => {
    const bytes = await workbook((book) => {
      book.addWorksheet('Notes', { state: 'hidden' }).addRow(['not this'])
      book.addWorksheet('Women').addRows([['Listing Unique Id'], ['W-1']])
      book.addWorksheet('Men').addRows([['Listing Unique Id'], ['M-1'], ['M-2']])
    })
    const first = await read(bytes)
    expect(first.cells).toEqual([['Listing Unique Id'], ['W-1']])
    expect(first.format).toEqual({ kind: 'xlsx', sheet: 'Women', sheets: ['Women', 'Men'] })
    const men = await read(bytes, { sheet: 'Men' })
    expect(men.cells).toEqual([['Listing Unique Id'], ['M-1'], ['M-2']])
    expect(men.format).toMatchObject({ sheet: 'Men' })
    await expect(read(bytes, { sheet: 'Kids' })).rejects.toThrow('The workbook has no sheet named "Kids".')
  })

  it('drops control characters from cells, as from a CSV', async () => {
    const bytes = await workbook((book) => book.addWorksheet('S').addRows([['Listing Unique Id'], ['B\u0007-1']]))
    expect((await read(bytes)).cells[1]).toEqual(['B-1'])
  })

  it('refuses a header wider than a file may be, and a zip that is no workbook, with a message', async () => {
    const wide = await workbook((book) =>
      book.addWorksheet('S').addRow(Array.from({ length: 1001 }, (_, i) => `C${i}`)),
    )
    await expect(read(wide)).rejects.toThrow('Row 1 has 1,001 columns; a file may have at most 1,000.')
    const notBook = await new JSZip().file('readme.txt', 'hello').generateAsync({ type: 'uint8array' })
    await expect(read(notBook)).rejects.toThrow('The workbook has no sheet to read.')
    // Cut short or damaged, a workbook is told unreadable, not with the zip parser's code.
    const cut = (await workbook(template)).subarray(0, 40)
    await expect(read(cut)).rejects.toThrow(XLSX_UNREADABLE)
    const broken = await workbook(template)
    broken.fill(0x20, 200, 400)
    await expect(read(broken)).rejects.toThrow(XLSX_UNREADABLE)
  })

  it('refuses a workbook whose sheets or strings unpack past their limits, at the exact bound', async () => {
    const bytes = await workbook(template)
    const zip = await JSZip.loadAsync(bytes)
    const sheetBytes = (await zip.file('xl/worksheets/sheet1.xml')!.async('uint8array')).byteLength
    const stringsBytes = (await zip.file('xl/sharedStrings.xml')!.async('uint8array')).byteLength
    const readWith = async (limits: { sheetBytes: number; stringsBytes: number }) => {
      for await (const _batch of readXlsx(chunks(bytes, 997), { limits })) void _batch
    }
    await expect(readWith({ sheetBytes, stringsBytes })).resolves.toBeUndefined()
    await expect(readWith({ sheetBytes: sheetBytes - 1, stringsBytes })).rejects.toThrow(XLSX_TOO_LARGE)
    await expect(readWith({ sheetBytes, stringsBytes: stringsBytes - 1 })).rejects.toThrow(XLSX_TOO_LARGE)
  })

  it('reads each kind of cell a sheet stores as the sheet shows it', async () => {
    // A sheet written by hand, as other programs write them: inline strings of several runs,
    // booleans, errors, a formula's cached value with a date format, an empty value, skipped columns.
    const bytes = await workbook((book) => {
      book.addWorksheet('S').addRows([['Listing Unique Id'], ['x']])
      book.getWorksheet('S')!.getCell('A2').numFmt = 'yyyy-mm-dd'
    })
    const zip = await JSZip.loadAsync(bytes)
    const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string')
    const dated = /<c r="A2" s="(\d+)"/.exec(sheet)![1]
    const rows =
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Listing Unique Id</t></is></c><c r="B1" t="inlineStr"><is><t>Style Name</t></is></c>' +
      '<c r="C1" t="inlineStr"><is><t>Flag</t></is></c><c r="D1" t="inlineStr"><is><t>Check</t></is></c><c r="E1" t="inlineStr"><is><t>Launch</t></is></c></row>' +
      '<row r="2"><c r="A2" t="inlineStr"><is><r><t>K-</t></r><r><rPr><b/></rPr><t xml:space="preserve">1 &amp; 2</t></r></is></c>' +
      '<c r="C2" t="b"><v>1</v></c><c r="D2" t="e"><f>1/0</f><v>#DIV/0!</v></c>' +
      `<c r="E2" s="${dated}"><f>DATE(2027,3,1)</f><v>46447</v></c></row>` +
      '<row r="5"><c r="A5" t="str"><f>"K-"&amp;"5"</f><v>K-5</v></c><c r="B5"><v></v></c><c r="C5" t="b"><v>0</v></c></row>'
    zip.file(
      'xl/worksheets/sheet1.xml',
      sheet.replace(/<sheetData>[\s\S]*<\/sheetData>/, `<sheetData>${rows}</sheetData>`),
    )
    const { cells, rows: numbers } = await read(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }))
    expect(cells).toEqual([
      ['Listing Unique Id', 'Style Name', 'Flag', 'Check', 'Launch'],
      ['K-1 & 2', '', 'TRUE', '#DIV/0!', '2027-03-01'],
      ['K-5', '', 'FALSE', '', ''],
    ])
    expect(numbers).toEqual([1, 2, 5])
  })

  it('reads sheets written with a namespace prefix, escaped characters, ISO dates, and far-right cells', async () => {
    /** The workbook with its sheet's rows replaced by `rows` (written as `prefix`:row, `prefix`:c). */
    const withRows = async (rows: string) => {
      const zip = await JSZip.loadAsync(await workbook((book) => book.addWorksheet('S').addRow(['x'])))
      const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string')
      zip.file(
        'xl/worksheets/sheet1.xml',
        sheet.replace(/<sheetData>[\s\S]*<\/sheetData>/, `<sheetData>${rows}</sheetData>`),
      )
      return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' })
    }
    const inline = (ref: string, text: string, prefix = '') =>
      `<${prefix}c r="${ref}" t="inlineStr"><${prefix}is><${prefix}t>${text}</${prefix}t></${prefix}is></${prefix}c>`
    const prefixed = await withRows(
      `<x:row r="1">${inline('A1', 'Listing Unique Id', 'x:')}${inline('B1', 'Note', 'x:')}${inline('C1', 'Launch', 'x:')}</x:row>` +
        `<x:row r="2">${inline('A2', 'P-1', 'x:')}${inline('B2', 'line_x000D_break _x005F_x000D_', 'x:')}` +
        '<x:c r="C2" t="d"><x:v>2027-03-01T00:00:00Z</x:v></x:c><x:c r="XFD2" s="1"/></x:row>',
    )
    expect((await read(prefixed)).cells).toEqual([
      ['Listing Unique Id', 'Note', 'Launch'],
      // _x000D_ is the carriage return of a line break in the cell; _x005F_ keeps "_x000D_" as text.
      ['P-1', 'line\rbreak _x000D_', '2027-03-01'],
    ])
    // A value in a column past the bound is refused before a row that wide is built.
    const far = await withRows(`<row r="1">${inline('A1', 'Listing Unique Id')}${inline('ZZZZZZ1', 'far')}</row>`)
    await expect(read(far)).rejects.toThrow('Row 1 has 321,272,406 columns; a file may have at most 1,000.')
  })

  it('reads a shared string’s runs joined, without its phonetic guide', async () => {
    const bytes = await workbook((book) => book.addWorksheet('S').addRows([['Style Name'], ['placeholder']]))
    const zip = await JSZip.loadAsync(bytes)
    const strings = await zip.file('xl/sharedStrings.xml')!.async('string')
    zip.file(
      'xl/sharedStrings.xml',
      strings.replace(
        '<si><t>placeholder</t></si>',
        '<si><r><t>東京</t></r><r><rPr><b/></rPr><t xml:space="preserve"> ドレス</t></r><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si>',
      ),
    )
    const read2 = await read(await zip.generateAsync({ type: 'uint8array' }))
    expect(read2.cells).toEqual([['Style Name'], ['東京 ドレス']])
  })

  it('reads dates of a workbook counted from 1904', async () => {
    const bytes = await workbook((book) => {
      book.properties.date1904 = true
      const sheet = book.addWorksheet('S')
      sheet.addRows([['Launch'], [new Date(Date.UTC(2027, 2, 1))]])
      sheet.getCell('A2').numFmt = 'yyyy-mm-dd'
    })
    expect((await read(bytes)).cells[1]).toEqual(['2027-03-01'])
  })

  it('still reads a CSV by its bytes', async () => {
    const { cells, format } = await read(new TextEncoder().encode('Listing Unique Id,Style Name\nA-1,Tee\n'))
    expect(cells).toEqual([
      ['Listing Unique Id', 'Style Name'],
      ['A-1', 'Tee'],
    ])
    expect(format).toMatchObject({ delimiter: ',' })
  })
})

describe('cellText', () => {
  it('shows numbers as Excel does', () => {
    expect(numberText(7, '000000')).toBe('000007')
    expect(numberText(7, '"#"000')).toBe('007')
    expect(numberText(19.9, '0.00')).toBe('19.90')
    expect(numberText(1234.5, '#,##0.00')).toBe('1234.50')
    expect(numberText(0.125, '0.0%')).toBe('12.5%')
    expect(numberText(0.5, '0%')).toBe('50%')
    expect(numberText(0.1 + 0.2, 'General')).toBe('0.3')
    expect(numberText(12345678901234, undefined)).toBe('12345678901234')
  })

  it('shows dates, booleans, errors, links and formula results as text', () => {
    expect(cellText(new Date(Date.UTC(2027, 0, 5)))).toBe('2027-01-05')
    expect(cellText(new Date(Date.UTC(2027, 0, 5, 9, 30)))).toBe('2027-01-05 09:30')
    expect(cellText(true)).toBe('TRUE')
    expect(cellText({ error: '#N/A' })).toBe('#N/A')
    expect(cellText({ text: 'Site', hyperlink: 'https://example.com' })).toBe('Site')
    expect(cellText({ formula: 'A1', result: 'Tee' })).toBe('Tee')
    expect(cellText(null)).toBe('')
  })
})
