// Storage of Yjs documents: every update is appended as it arrives and the rows of a document are
// merged into one when its last client leaves. The realtime layer calls these; it writes no SQL.
//
// Updates are stored, and handed to and taken from these functions, in Yjs's update format 2
// (decision 140): a document of 10,000 markup shapes applies in about half the time, because the
// format-2 decoder hands binary content over as views on the update instead of copies. The sync
// protocol between browsers and the portal stays in format 1. Rows written before are format 1 and
// are converted as they are read.
import { asc, eq, inArray, sql } from 'drizzle-orm'
import * as Y from 'yjs'
import { yjsUpdates } from '#db/schema'
import type { ServiceDeps } from '#app/platform/context.server'

/** The update format of rows written now. */
const STORED_FORMAT = 2

/** A stored row's update in format 2. */
const asFormat2 = (format: number, update: Uint8Array): Uint8Array =>
  format === 1 ? Y.convertUpdateFormatV1ToV2(update) : update

/** The stored updates of a document, oldest first, in format 2. */
export async function loadDocumentUpdates(deps: ServiceDeps, docName: string): Promise<Uint8Array[]> {
  const rows = await deps.db
    .select({ format: yjsUpdates.format, update: yjsUpdates.update })
    .from(yjsUpdates)
    .where(eq(yjsUpdates.docName, docName))
    .orderBy(asc(yjsUpdates.id))
  return rows.map((row) => asFormat2(row.format, row.update))
}

/** Stores an update (format 2) of a document. */
export async function appendDocumentUpdate(
  deps: ServiceDeps,
  docName: string,
  brandKey: string,
  update: Uint8Array,
): Promise<void> {
  await deps.db.insert(yjsUpdates).values({ docName, brandKey, update, format: STORED_FORMAT })
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
 * of the document, so an update another process stored a moment ago is never dropped. One process
 * compacts a document at a time: a second one asking meanwhile leaves it to the first (whose
 * merged row would otherwise be written twice).
 */
export async function compactDocument(deps: ServiceDeps, docName: string, brandKey: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const locked = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(hashtextextended(${`yjs-compact:${docName}`}, 0)) as locked`,
    )
    if (!locked.rows[0]?.locked) return
    const rows = await tx
      .select({ id: yjsUpdates.id, format: yjsUpdates.format, update: yjsUpdates.update })
      .from(yjsUpdates)
      .where(eq(yjsUpdates.docName, docName))
      .orderBy(asc(yjsUpdates.id))
    if (rows.length < 2) return
    const merged = mergeStoredUpdates(rows.map((row) => asFormat2(row.format, row.update)))
    await tx.delete(yjsUpdates).where(
      inArray(
        yjsUpdates.id,
        rows.map((row) => row.id),
      ),
    )
    await tx.insert(yjsUpdates).values({ docName, brandKey, update: merged, format: STORED_FORMAT })
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
    // A change builds on what viewers drew up to now, some of which may still be being stored.
    await deps.events.documentStored(docName)
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
