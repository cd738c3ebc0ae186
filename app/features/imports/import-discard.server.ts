// Discarding an upload that was never committed (a dry run left behind, one that needs its columns
// mapped, one whose file failed): the import, its staged rows and its original file go, so History
// keeps only what someone means to keep. A committed import is rolled back instead.
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError } from '#app/platform/errors'
import { imports } from '#db/schema'
import { eq, sql } from 'drizzle-orm'
import { importFor } from './import-access.server'
import { DISCARD_TEXTS, isDiscardable } from './import-texts'
import type { Actor } from '#app/platform/access/actor'

export async function discardImport(
  deps: ServiceDeps,
  actor: Actor,
  importKey: string,
): Promise<{ filename: string; message: string }> {
  const { record } = await importFor(deps, actor, importKey, 'listing.edit')
  await deps.db.transaction(async (tx) => {
    // Locked and read again: a commit that started meanwhile wins, and nothing is discarded.
    const [locked] = (
      (await tx.execute(sql`select status from imports where key = ${record.key} for update`)) as unknown as {
        rows: { status: string }[]
      }
    ).rows
    if (!locked || !isDiscardable(locked.status)) {
      throw new AppError('Conflict', DISCARD_TEXTS.notDiscardable(locked?.status ?? 'gone'))
    }
    // Its staged rows go with it (a cascade inside the database, off the portal's thread).
    await tx.delete(imports).where(eq(imports.key, record.key))
  })
  await deps.blobs.delete(record.blobKey).catch(() => undefined)
  return { filename: record.filename, message: DISCARD_TEXTS.discarded(record.filename) }
}
