import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { makeZip } from '#tests/support/zip'
import { ARCHIVE_LIMITS, EICAR, builtInScan, containsEicar, inspectZip } from './file-scan.server'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-test-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
let count = 0
function fileOf(bytes: Buffer): string {
  const file = path.join(dir, `f${count++}`)
  fs.writeFileSync(file, bytes)
  return file
}

async function* chunks(...parts: Buffer[]) {
  for (const part of parts) yield part
}

const notes = Buffer.from('Season notes: wool, linen, and a pleated skirt.\n')
const small = { ...ARCHIVE_LIMITS, ratioFloorBytes: 1024 * 1024 }

describe('containsEicar', () => {
  it('finds the signature at the start, in the middle, and split across chunks', async () => {
    expect(await containsEicar(chunks(EICAR))).toBe(true)
    expect(await containsEicar(chunks(Buffer.concat([notes, EICAR, notes])))).toBe(true)
    expect(await containsEicar(chunks(notes, EICAR.subarray(0, 30), EICAR.subarray(30), notes))).toBe(true)
    expect(await containsEicar(chunks(EICAR.subarray(0, 1), EICAR.subarray(1, 67), EICAR.subarray(67)))).toBe(true)
  })

  it('does not find it in other bytes, nor in a signature cut short', async () => {
    expect(await containsEicar(chunks(notes, notes))).toBe(false)
    expect(await containsEicar(chunks(EICAR.subarray(0, 67), notes))).toBe(false)
  })
})

describe('builtInScan', () => {
  it('reports the EICAR test file as infected', async () => {
    expect(await builtInScan(fileOf(EICAR), 'text/plain')).toEqual({
      verdict: 'infected',
      check: 'signature',
      detail: 'EICAR test signature',
    })
  })

  it('passes an ordinary file and an ordinary archive', async () => {
    expect((await builtInScan(fileOf(notes), 'text/plain')).verdict).toBe('clean')
    const zip = makeZip([
      { name: 'notes.txt', data: notes },
      { name: 'sketch/front.txt', data: Buffer.alloc(20_000, 'a') },
    ])
    expect((await builtInScan(fileOf(zip), 'application/zip', small)).verdict).toBe('clean')
  })

  it('finds EICAR inside a deflated archive entry', async () => {
    const zip = makeZip([
      { name: 'readme.txt', data: notes },
      { name: 'eicar.com', data: EICAR },
    ])
    expect(fileOf(zip) && zip.includes(EICAR)).toBe(false)
    expect(await builtInScan(fileOf(zip), 'application/zip')).toMatchObject({ verdict: 'infected' })
  })
})

describe('builtInScan of formats built on ZIP', () => {
  const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

  it('refuses a document that is an archive bomb, and finds EICAR inside one', async () => {
    const bomb = makeZip([{ name: 'word/document.xml', data: Buffer.alloc(4 * 1024 * 1024) }])
    expect(await builtInScan(fileOf(bomb), docx, small)).toMatchObject({ verdict: 'refused', check: 'archive' })
    const infected = makeZip([{ name: 'word/media/x.bin', data: EICAR }])
    expect(await builtInScan(fileOf(infected), docx)).toMatchObject({ verdict: 'infected' })
  })

  it('lets a document hold an archive of its format (an embedded workbook)', async () => {
    const workbook = makeZip([{ name: 'xl/workbook.xml', data: notes }])
    const document = makeZip([
      { name: 'word/document.xml', data: notes },
      { name: 'word/embeddings/Microsoft_Excel_Worksheet.xlsx', data: workbook },
    ])
    expect((await builtInScan(fileOf(document), docx)).verdict).toBe('clean')
  })
})

describe('inspectZip', () => {
  it('refuses an archive that unpacks to far more than its size', async () => {
    const bomb = makeZip([{ name: 'zeros.bin', data: Buffer.alloc(4 * 1024 * 1024) }])
    const result = await inspectZip(fileOf(bomb), small)
    expect(result).toMatchObject({ verdict: 'refused', check: 'archive' })
    expect(result?.detail).toContain('archive bomb')
  })

  it('refuses an archive inside an archive, by name or by content', async () => {
    const inner = makeZip([{ name: 'a.txt', data: notes }])
    expect(await inspectZip(fileOf(makeZip([{ name: 'more.zip', data: inner }])))).toMatchObject({
      verdict: 'refused',
    })
    expect(await inspectZip(fileOf(makeZip([{ name: 'innocent.txt', data: inner }])))).toMatchObject({
      verdict: 'refused',
    })
  })

  it('refuses too many entries, and a file whose directory cannot be read', async () => {
    const many = makeZip(Array.from({ length: 5 }, (_, i) => ({ name: `${i}.txt`, data: notes })))
    expect(await inspectZip(fileOf(many), { ...ARCHIVE_LIMITS, maxEntries: 4 })).toMatchObject({ verdict: 'refused' })
    const truncated = makeZip([{ name: 'a.txt', data: notes }]).subarray(0, 40)
    expect(await inspectZip(fileOf(truncated))).toMatchObject({ verdict: 'refused', check: 'archive' })
  })
})
