// Who may import into a brand, a line or a collection, and who may see an import.
import { requireAbility, requireBrandAbility, type Access } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound } from '#app/platform/errors'
import { imports } from '#db/schema'
import { eq } from 'drizzle-orm'
import { type ImportRecord } from './import-views.server'
import type { Actor } from '#app/platform/access/actor'

/** The record an import's access is decided on: its collection, its line, or its brand. */
export async function requireOnScope(
  deps: ServiceDeps,
  actor: Actor,
  ability: 'listing.view' | 'listing.edit',
  scope: { brandKey: string; lineKey?: string | null; collectionKey?: string | null },
): Promise<Access> {
  const target = scope.collectionKey
    ? { model: 'Collection', key: scope.collectionKey }
    : scope.lineKey
      ? { model: 'Line', key: scope.lineKey }
      : null
  if (!target) return requireBrandAbility(actor, ability, scope.brandKey)
  const access = await requireAbility(deps, actor, ability, target)
  // A line or collection of another brand is not found here.
  if (access.brandKey !== scope.brandKey) throw notFound(target.model)
  return access
}

export async function loadImport(deps: ServiceDeps, importKey: string): Promise<ImportRecord> {
  if (typeof importKey !== 'string' || importKey.length === 0 || importKey.length > 64) throw notFound('Import')
  const [row] = await deps.db.select().from(imports).where(eq(imports.key, importKey)).limit(1)
  if (!row) throw notFound('Import')
  return row
}

/** The import, after checking the actor may do `ability` on it (outsiders: NotFound). */
export async function importFor(
  deps: ServiceDeps,
  actor: Actor,
  importKey: string,
  ability: 'listing.view' | 'listing.edit',
): Promise<{ record: ImportRecord; access: Access }> {
  const record = await loadImport(deps, importKey)
  const access = await requireOnScope(deps, actor, ability, record).catch((error: unknown) => {
    // Someone who cannot see the scope cannot see the import either.
    if (error instanceof AppError && error.type === 'NotFound') throw notFound('Import')
    throw error
  })
  return { record, access }
}
