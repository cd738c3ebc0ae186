// Storage of Yjs documents: every update is appended as it arrives and the rows of a document are
// merged into one when its last client leaves. The realtime layer calls these; it writes no SQL.
//
// Updates are stored, and handed to and taken from these functions, in Yjs's update format 2
// (decision 140): a document of 10,000 markup shapes applies in about half the time, because the
// format-2 decoder hands binary content over as views on the update instead of copies. The sync
// protocol between browsers and the portal stays in format 1. Rows written before are format 1 and
// are converted as they are read.
import { asc, eq, inArray, sql } from 'drizzle-orm'
import pg from 'pg'
import * as Y from 'yjs'
import type { Database } from '#db/client'
import { yjsUpdates } from '#db/schema'
import type { ServiceDeps } from './context.server'

/** The update format of rows written now. */
const STORED_FORMAT = 2

// Updates are read as base64 text from a Postgres server (and inside a transaction): PGlite turns
// a bytea of a few megabytes into bytes ten times slower than the database encodes it and Node
// decodes it (a document of 10,000 markup shapes: ~400 ms against ~20 ms; bench/sample-markup.ts).
// Outside a transaction PGlite hands them over as they are, through a binary COPY (decision 138).
const updateAsBase64 = sql<string>`encode(${yjsUpdates.update}, 'base64')`
const fromBase64 = (text: string): Uint8Array => Buffer.from(text, 'base64')
// And written as base64 text too: PGlite turns bytes into a bytea parameter byte by byte, ~2 s for
// a merged document of 10,000 shapes against ~0.2 s.
const asBytea = (update: Uint8Array) => sql`decode(${Buffer.from(update).toString('base64')}, 'base64')`

/** A stored row's update in format 2. */
const asFormat2 = (format: number, update: Uint8Array): Uint8Array =>
  format === 1 ? Y.convertUpdateFormatV1ToV2(update) : update

/** The stored updates of a document, oldest first, in format 2. */
export async function loadDocumentUpdates(deps: ServiceDeps, docName: string): Promise<Uint8Array[]> {
  const pglite = embedded(deps.db)
  if (pglite) {
    // COPY takes no parameters: the name is a quoted literal.
    const [copied] = await pglite.exec(
      `COPY (SELECT format, "update" FROM yjs_updates WHERE doc_name = ${pg.escapeLiteral(docName)} ORDER BY id) ` +
        `TO '/dev/blob' WITH (FORMAT binary)`,
    )
    if (!copied?.blob) throw new Error('the database wrote no COPY output')
    return binaryCopyRows(new Uint8Array(await copied.blob.arrayBuffer()), 2).map(([format, update]) => {
      // A smallint comes as two bytes, most significant first.
      if (format?.byteLength !== 2 || !update) throw new Error('a COPY row of another shape')
      return asFormat2((format[0]! << 8) | format[1]!, update)
    })
  }
  const rows = await deps.db
    .select({ format: yjsUpdates.format, update: updateAsBase64 })
    .from(yjsUpdates)
    .where(eq(yjsUpdates.docName, docName))
    .orderBy(asc(yjsUpdates.id))
  return rows.map((row) => asFormat2(row.format, fromBase64(row.update)))
}

interface EmbeddedDatabase {
  exec(query: string): Promise<{ blob?: Blob }[]>
  waitReady: Promise<void>
}

/** The PGlite client under Drizzle; null for a Postgres server (a node-postgres pool). */
function embedded(db: Database): EmbeddedDatabase | null {
  const client = (db as unknown as { $client: unknown }).$client
  return client && typeof client === 'object' && 'waitReady' in client ? (client as EmbeddedDatabase) : null
}

const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1')

/**
 * The rows of a COPY in binary format, each of `fields` non-null values: a signature, flags and a
 * header extension, then per row a field count and each field's length and bytes, then a count of
 * -1. The values are views on `data`, not copies.
 */
export function binaryCopyRows(data: Uint8Array, fields: number): Uint8Array[][] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  if (data.byteLength < 21 || !Buffer.from(data.buffer, data.byteOffset, 11).equals(COPY_SIGNATURE)) {
    throw new Error('not a binary COPY')
  }
  // Reads past the end throw (DataView); a value that would end past it is checked.
  let at = 19 + view.getUint32(15)
  const rows: Uint8Array[][] = []
  for (;;) {
    const count = view.getInt16(at)
    at += 2
    if (count === -1) return rows
    if (count !== fields) throw new Error(`a COPY row of ${count} fields, not ${fields}`)
    const row: Uint8Array[] = []
    for (let field = 0; field < fields; field++) {
      const length = view.getInt32(at)
      at += 4
      if (length < 0 || at + length > data.byteLength) throw new Error('a COPY value cut short or null')
      row.push(data.subarray(at, at + length))
      at += length
    }
    rows.push(row)
  }
}

/** Stores an update (format 2) of a document. */
export async function appendDocumentUpdate(
  deps: ServiceDeps,
  docName: string,
  brandKey: string,
  update: Uint8Array,
): Promise<void> {
  await deps.db.insert(yjsUpdates).values({ docName, brandKey, update: asBytea(update), format: STORED_FORMAT })
}

/**
 * The stored updates of a document (format 2) as one: applied to a document of their own and encoded from it.
 * Y.mergeUpdates takes time growing with the square of the number of updates (10,000 updates of a
 * stroke each, as after a crash: ~2 s against ~70 ms) and keeps the text of deleted content, which
 * every later load would read and apply again; the document drops it, as the live copy does. An
 * update whose dependencies are missing stays pending in a document and would be lost: then the
 * updates are merged as they are.
 */
export function mergeStoredUpdates(updates: Uint8Array[]): Uint8Array {
  const doc = new Y.Doc()
  try {
    Y.transact(doc, () => updates.forEach((update) => Y.applyUpdateV2(doc, update)))
    if (doc.store.pendingStructs || doc.store.pendingDs) return Y.mergeUpdatesV2(updates)
    return Y.encodeStateAsUpdateV2(doc)
  } finally {
    doc.destroy()
  }
}

/**
 * Merges a document's stored rows into one. It merges the rows themselves, not one process's copy
 * of the document, so an update another process stored a moment ago is never dropped.
 */
export async function compactDocument(deps: ServiceDeps, docName: string, brandKey: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: yjsUpdates.id, format: yjsUpdates.format, update: updateAsBase64 })
      .from(yjsUpdates)
      .where(eq(yjsUpdates.docName, docName))
      .orderBy(asc(yjsUpdates.id))
    if (rows.length < 2) return
    const merged = mergeStoredUpdates(rows.map((row) => asFormat2(row.format, fromBase64(row.update))))
    await tx.delete(yjsUpdates).where(
      inArray(
        yjsUpdates.id,
        rows.map((row) => row.id),
      ),
    )
    await tx.insert(yjsUpdates).values({ docName, brandKey, update: asBytea(merged), format: STORED_FORMAT })
  })
}

/**
 * A change the server makes to a stored document (a pin marked resolved from a form): made on the
 * stored state, handed to the document's live copy when one is open so everyone looking sees it at
 * once, and stored otherwise. Returns what `change` returned.
 */
export async function changeDocument<T>(
  deps: ServiceDeps,
  docName: string,
  brandKey: string,
  change: (doc: Y.Doc) => T,
): Promise<T> {
  const doc = new Y.Doc()
  try {
    const updates = await loadDocumentUpdates(deps, docName)
    Y.transact(doc, () => updates.forEach((update) => Y.applyUpdateV2(doc, update)))
    // The change as a live copy takes it (format 1, as from a browser) and as it is stored.
    let update: Uint8Array | null = null
    let stored: Uint8Array | null = null
    doc.on('update', (made: Uint8Array) => (update = update ? Y.mergeUpdates([update, made]) : made))
    doc.on('updateV2', (made: Uint8Array) => (stored = stored ? Y.mergeUpdatesV2([stored, made]) : made))
    const result = doc.transact(() => change(doc))
    if (update && stored && !(await deps.events.applyDocumentUpdate(docName, update))) {
      await appendDocumentUpdate(deps, docName, brandKey, stored)
    }
    return result
  } finally {
    doc.destroy()
  }
}
