// The multi-file form of the file pipeline (receiveFormUploads), against a real database: each
// file part is prepared, counted and stored on its own, so one file too large or refused by its
// preparation leaves the others going on; past the file limit the rest are read through and only
// counted; a preparation that stops the form (a refused CSRF token) drops every file of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fs from 'node:fs'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { files } from '#db/schema'
import { AppError } from '#app/platform/errors'
import {
  holdingDir,
  pipelineSettled,
  receiveFormUploads,
  sweepAbandonedUploads,
} from '#app/features/files/files.server'
import { createFile } from '#tests/support/file-factories'
import { actorOf, createBrand, createMember, type BrandFixture } from '#tests/support/factories'
import { photoBytes } from '#tests/support/media-factories'
import { startTestPortal, type TestPortal } from '#tests/support/portal'

let portal: TestPortal
let brand: BrandFixture
let small: Buffer
let large: Buffer

beforeAll(async () => {
  // Photos up to 4 KB here, so a large one is cheap to make.
  portal = await startTestPortal({ env: { UPLOAD_IMAGE_MAX_BYTES: '4096' } })
  brand = await createBrand(portal.deps)
  small = await photoBytes('#aa8866', 10, 12)
  large = Buffer.concat([small, Buffer.alloc(8192, 7)])
})
afterAll(() => portal?.destroy())

function formRequest(parts: { name: string; bytes: Buffer }[], fields: Record<string, string> = {}): Request {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  for (const part of parts)
    form.append('file', new Blob([new Uint8Array(part.bytes)], { type: 'image/jpeg' }), part.name)
  return new Request('http://portal.test/upload', { method: 'POST', body: form })
}

const filesOf = (brandKey: string) => portal.deps.db.select().from(files).where(eq(files.brandKey, brandKey))

describe('a form with several files', () => {
  it('refuses a file too large or refused by its preparation on its own; the others are stored', async () => {
    const member = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }])
    const actor = await actorOf(portal.deps, member)
    const seen: string[] = []
    const result = await receiveFormUploads(
      portal.deps,
      actor,
      formRequest(
        [
          { name: 'one.jpg', bytes: small },
          { name: 'huge.jpg', bytes: large },
          { name: 'refused.jpg', bytes: small },
          { name: 'two.jpg', bytes: small },
        ],
        { note: 'before the files' },
      ),
      { brand: brand.key, purpose: 'listing-media' },
      {
        maxFiles: 10,
        prepare: async (name, fields) => {
          seen.push(`${name}:${String(fields.get('note'))}`)
          if (name === 'refused.jpg') throw new AppError('ValidationError', 'Not this one.')
          return {}
        },
      },
    )
    expect(seen).toEqual([
      'one.jpg:before the files',
      'huge.jpg:before the files',
      'refused.jpg:before the files',
      'two.jpg:before the files',
    ])
    expect(result.files.map((file) => ('error' in file ? `${file.name}: ${file.error}` : file.name))).toEqual([
      'one.jpg',
      'huge.jpg: The file is too large: upload a file of at most 4 KB.',
      'refused.jpg: Not this one.',
      'two.jpg',
    ])
    await pipelineSettled(portal.deps)
    const stored = await filesOf(brand.key)
    expect(stored.map((row) => [row.originalName, row.status]).sort()).toEqual([
      ['one.jpg', 'available'],
      ['two.jpg', 'available'],
    ])
  })

  it('reads past the file limit and counts what it left out', async () => {
    const own = await createBrand(portal.deps)
    const actor = await actorOf(portal.deps, await createMember(portal.deps, [{ brand: own.key, type: 'owner' }]))
    const result = await receiveFormUploads(
      portal.deps,
      actor,
      formRequest(['a', 'b', 'c', 'd'].map((name) => ({ name: `${name}.jpg`, bytes: small }))),
      { brand: own.key, purpose: 'listing-media' },
      { maxFiles: 2 },
    )
    expect(result.files.map((file) => file.name)).toEqual(['a.jpg', 'b.jpg'])
    expect(result.leftOut).toBe(2)
    await pipelineSettled(portal.deps)
    expect((await filesOf(own.key)).length).toBe(2)
  })

  it('drops every file when a preparation stops the form, and undoes what was prepared', async () => {
    const own = await createBrand(portal.deps)
    const actor = await actorOf(portal.deps, await createMember(portal.deps, [{ brand: own.key, type: 'owner' }]))
    const released: string[] = []
    const stop = new Response('refused', { status: 403 })
    const answer = await receiveFormUploads(
      portal.deps,
      actor,
      formRequest([
        { name: 'kept.jpg', bytes: small },
        { name: 'stops.jpg', bytes: small },
        { name: 'after.jpg', bytes: small },
      ]),
      { brand: own.key, purpose: 'listing-media' },
      {
        maxFiles: 10,
        prepare: async (name) => {
          if (name === 'stops.jpg') throw stop
          return { release: async () => void released.push(name) }
        },
      },
    ).catch((error: unknown) => error)
    expect(answer).toBe(stop)
    expect(released).toEqual(['kept.jpg'])
    await pipelineSettled(portal.deps)
    expect(await filesOf(own.key)).toEqual([])
  })

  it('refuses an outsider before reading anything', async () => {
    const elsewhere = await createBrand(portal.deps)
    const actor = await actorOf(portal.deps, await createMember(portal.deps, [{ brand: elsewhere.key, type: 'owner' }]))
    const answer = await receiveFormUploads(
      portal.deps,
      actor,
      formRequest([{ name: 'x.jpg', bytes: small }]),
      { brand: brand.key, purpose: 'listing-media' },
      { maxFiles: 10, prepare: async () => ({}) },
    ).catch((error: unknown) => error)
    expect(answer).toMatchObject({ type: 'NotFound' })
  })
})

describe('uploads nobody finished', () => {
  it('go after a day with their bytes; a fresh one, a file being checked and its bytes stay', async () => {
    const member = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }])
    const formDir = holdingDir(portal.deps, 'form')
    fs.mkdirSync(formDir, { recursive: true })
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000)
    const cut = await createFile(portal.deps, brand.key, member.key, { status: 'uploading' })
    const fresh = await createFile(portal.deps, brand.key, member.key, { status: 'uploading' })
    const checking = await createFile(portal.deps, brand.key, member.key, { status: 'scanning' })
    await portal.deps.db
      .update(files)
      .set({ created: dayAgo })
      .where(inArray(files.key, [cut, checking]))
    // Partial bytes of each, and a stray file no record names (a stop between writing and recording).
    for (const name of [cut, fresh, checking, 'strayfile0000000']) {
      fs.writeFileSync(path.join(formDir, name), 'partial bytes')
      if (name !== fresh) fs.utimesSync(path.join(formDir, name), dayAgo, dayAgo)
    }
    expect(await sweepAbandonedUploads(portal.deps, new Date(Date.now() - 24 * 60 * 60 * 1000))).toBe(1)
    const left = (
      await portal.deps.db
        .select({ key: files.key })
        .from(files)
        .where(inArray(files.key, [cut, fresh, checking]))
    )
      .map((row) => row.key)
      .sort()
    expect(left).toEqual([fresh, checking].sort())
    expect(
      fs
        .readdirSync(formDir)
        .filter((name) => [cut, fresh, checking, 'strayfile0000000'].includes(name))
        .sort(),
    ).toEqual([fresh, checking].sort())
  })
})
