// Storing a document's updates (Yjs update format 2): read back as written and in order, whatever
// the document's name; rows of format 1, stored before decision 140, read as format 2; merged into one row as the same document, without deleted text, and
// nothing lost when an update waits for another that is not among them.
import * as Y from 'yjs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '#db/client'
import type { ServiceDeps } from '#app/platform/context.server'
import {
  appendDocumentUpdate,
  compactDocument,
  loadDocumentUpdates,
  mergeStoredUpdates,
} from '#app/platform/yjs-documents.server'
import { createTestDatabase, type TestDatabase } from '#tests/support/database'

let testDatabase: TestDatabase
let database: DatabaseHandle
let deps: ServiceDeps

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  database = await openDatabase({ databaseUrl: testDatabase.url })
  // The table alone, as the migrations make it, without the brands it refers to.
  await database.pool.query(`DO $$ DECLARE c text; BEGIN
    FOR c IN SELECT conname FROM pg_constraint WHERE conrelid = 'yjs_updates'::regclass AND contype = 'f' LOOP
      EXECUTE format('ALTER TABLE yjs_updates DROP CONSTRAINT %I', c);
    END LOOP; END $$`)
  deps = { db: database.db } as ServiceDeps
})
afterAll(async () => {
  await database?.close()
  await testDatabase?.drop()
})

function drawn(shapes: number) {
  const doc = new Y.Doc()
  const updates: Uint8Array[] = []
  doc.on('updateV2', (update: Uint8Array) => updates.push(update))
  const map = doc.getMap<string>('shapes')
  for (let i = 0; i < shapes; i++) map.set(`shape-${i}`, JSON.stringify({ id: `shape-${i}`, note: 'x'.repeat(100) }))
  return { doc, map, updates }
}

const shapesOf = (update: Uint8Array) => {
  const doc = new Y.Doc()
  Y.applyUpdateV2(doc, update)
  const shapes = doc.getMap<string>('shapes').toJSON()
  doc.destroy()
  return shapes
}

it('merges one update per shape into the same document', () => {
  const { doc, updates } = drawn(500)
  const merged = mergeStoredUpdates(updates)
  expect(shapesOf(merged)).toEqual(doc.getMap('shapes').toJSON())
  expect(shapesOf(mergeStoredUpdates([merged, ...updates]))).toEqual(doc.getMap('shapes').toJSON())
})

it('drops the text of shapes changed or erased since', () => {
  const { doc, map, updates } = drawn(50)
  for (let i = 0; i < 50; i++) map.set(`shape-${i}`, JSON.stringify({ id: `shape-${i}`, moved: true }))
  map.delete('shape-0')
  const merged = mergeStoredUpdates(updates)
  expect(shapesOf(merged)).toEqual(doc.getMap('shapes').toJSON())
  expect(merged.byteLength).toBeLessThan(Y.mergeUpdatesV2(updates).byteLength / 2)
})

it('keeps an update whose predecessor is missing, as a merge of the updates does', () => {
  const { doc, updates } = drawn(3)
  const [, ...withoutFirst] = updates
  const merged = mergeStoredUpdates(withoutFirst)
  // Once the missing update arrives, the document is whole.
  expect(shapesOf(Y.mergeUpdatesV2([updates[0]!, merged]))).toEqual(doc.getMap('shapes').toJSON())
})

it('reads the updates of a document back as written, in order, whatever its name', async () => {
  const names = ["scratch:brand:o'neil", 'scratch:brand:back\\slash', "scratch:brand:'; DROP TABLE yjs_updates; --"]
  for (const [i, name] of names.entries()) {
    await appendDocumentUpdate(deps, name, 'brand', new Uint8Array([i, 0, 255]))
    await appendDocumentUpdate(deps, name, 'brand', new Uint8Array(70_000).fill(i + 1))
  }
  for (const [i, name] of names.entries()) {
    const updates = await loadDocumentUpdates(deps, name)
    expect(updates.map((update) => [...update.subarray(0, 3)])).toEqual([
      [i, 0, 255],
      [i + 1, i + 1, i + 1],
    ])
    expect(updates[1]!.byteLength).toBe(70_000)
  }
  expect(await loadDocumentUpdates(deps, 'scratch:brand:nothing')).toEqual([])
})

it('loads a document drawn shape by shape, and the same once its rows are merged', async () => {
  const { doc, updates } = drawn(300)
  for (const update of updates) await appendDocumentUpdate(deps, 'scratch:brand:board', 'brand', update)
  const load = async () => {
    const stored = await loadDocumentUpdates(deps, 'scratch:brand:board')
    const loaded = new Y.Doc()
    Y.transact(loaded, () => stored.forEach((update) => Y.applyUpdateV2(loaded, update)))
    return { rows: stored.length, shapes: loaded.getMap('shapes').toJSON() }
  }
  expect(await load()).toEqual({ rows: 300, shapes: doc.getMap('shapes').toJSON() })
  await compactDocument(deps, 'scratch:brand:board', 'brand')
  expect(await load()).toEqual({ rows: 1, shapes: doc.getMap('shapes').toJSON() })
})

it('reads rows stored in format 1 as format 2, and merges them with rows of format 2', async () => {
  const name = 'scratch:brand:before-format-2'
  const doc = new Y.Doc()
  const map = doc.getMap<string>('shapes')
  map.set('old', 'stored before')
  const old = Y.encodeStateAsUpdate(doc)
  await database.pool.query('INSERT INTO yjs_updates (doc_name, brand_key, "update", format) VALUES ($1, $2, $3, 1)', [
    name,
    'brand',
    old,
  ])
  const vector = Y.encodeStateVector(doc)
  map.set('new', 'stored after')
  await appendDocumentUpdate(deps, name, 'brand', Y.encodeStateAsUpdateV2(doc, vector))
  const [first, second] = await loadDocumentUpdates(deps, name)
  expect(first).toEqual(Y.convertUpdateFormatV1ToV2(old))
  expect(shapesOf(Y.mergeUpdatesV2([first!, second!]))).toEqual({ old: 'stored before', new: 'stored after' })
  await compactDocument(deps, name, 'brand')
  const rows = await database.pool.query<{ format: number }>('SELECT format FROM yjs_updates WHERE doc_name = $1', [
    name,
  ])
  expect(rows.rows).toEqual([{ format: 2 }])
  expect(shapesOf((await loadDocumentUpdates(deps, name))[0]!)).toEqual({ old: 'stored before', new: 'stored after' })
})
