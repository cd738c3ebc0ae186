// The blank data template of the product upload as an xlsx workbook (exceljs): one sheet whose
// header row is IMPORT_FIELDS (required columns in bold) and one example row. Every cell is text,
// so identifiers such as UPCs keep their leading zeros when the file is filled in and saved.
import ExcelJS from 'exceljs'
import { IMPORT_FIELDS } from '#app/features/imports/fields'

export const TEMPLATE_FILENAME = 'product-data-template.xlsx'

export async function buildTemplateWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  workbook.creator = 'Brand Portal'
  const sheet = workbook.addWorksheet('Listings', { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = IMPORT_FIELDS.map((field) => ({
    header: field.name,
    key: field.name,
    width: Math.max(14, field.name.length + 4, Math.min(40, field.example.length + 2)),
    style: { numFmt: '@' },
  }))
  sheet.addRow(Object.fromEntries(IMPORT_FIELDS.map((field) => [field.name, field.example])))
  const header = sheet.getRow(1)
  IMPORT_FIELDS.forEach((field, index) => {
    const cell = header.getCell(index + 1)
    cell.font = { bold: field.required }
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F0EB' } }
  })
  const buffer = await workbook.xlsx.writeBuffer()
  return Buffer.from(buffer as ArrayBuffer)
}
