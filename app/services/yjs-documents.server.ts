// Storage of Yjs documents: every update is appended as it arrives and the rows of a document are
// merged into one when its last client leaves. The realtime layer calls these; it writes no SQL.
import { asc, eq, inArray, sql } from 'drizzle-orm'
import * as Y from 'yjs'
import { yjsUpdates } from '#db/schema'
import type { ServiceDeps } from './context.server'

// Updates are read as base64 text: PGlite turns a bytea of a few megabytes into bytes ten times
// slower than the database encodes it and Node decodes it (a document of 10,000 markup shapes:
// ~400 ms against ~20 ms; bench/sample-markup.ts). Postgres answers the same.
const updateAsBase64 = sql<string>`encode(${yjsUpdates.update}, 'base64')`
const fromBase64 = (text: string): Uint8Array => Buffer.from(text, 'base64')

/** The stored updates of a document, oldest first. */
export async function loadDocumentUpdates(deps: ServiceDeps, docName: string): Promise<Uint8Array[]> {
  const rows = await deps.db
    .select({ update: updateAsBase64 })
    .from(yjsUpdates)
    .where(eq(yjsUpdates.docName, docName))
    .orderBy(asc(yjsUpdates.id))
  return rows.map((row) => fromBase64(row.update))
}

export async function appendDocumentUpdate(
  deps: ServiceDeps,
  docName: string,
  brandKey: string,
  update: Uint8Array,
): Promise<void> {
  await deps.db.insert(yjsUpdates).values({ docName, brandKey, update })
}

/**
 * Merges a document's stored rows into one. It merges the rows themselves, not one process's copy
 * of the document, so an update another process stored a moment ago is never dropped.
 */
export async function compactDocument(deps: ServiceDeps, docName: string, brandKey: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: yjsUpdates.id, update: updateAsBase64 })
      .from(yjsUpdates)
      .where(eq(yjsUpdates.docName, docName))
      .orderBy(asc(yjsUpdates.id))
    if (rows.length < 2) return
    const merged = Y.mergeUpdates(rows.map((row) => fromBase64(row.update)))
    await tx.delete(yjsUpdates).where(
      inArray(
        yjsUpdates.id,
        rows.map((row) => row.id),
      ),
    )
    await tx.insert(yjsUpdates).values({ docName, brandKey, update: merged })
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
    Y.transact(doc, () => updates.forEach((update) => Y.applyUpdate(doc, update)))
    let update: Uint8Array | null = null
    doc.on('update', (made: Uint8Array) => (update = update ? Y.mergeUpdates([update, made]) : made))
    const result = doc.transact(() => change(doc))
    if (update && !(await deps.events.applyDocumentUpdate(docName, update))) {
      await appendDocumentUpdate(deps, docName, brandKey, update)
    }
    return result
  } finally {
    doc.destroy()
  }
}
