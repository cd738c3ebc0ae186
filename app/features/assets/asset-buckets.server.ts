// A brand's bucket: found, created once, required before any entry is reached.
import { DEFAULT_FOLDERS } from '#app/features/assets/asset-paths'
import { requireAbility, requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { assetEntries, buckets } from '#db/schema'
import { eq } from 'drizzle-orm'
import {
  ASSET_TEXTS,
  conflict,
  isUniqueViolation,
  nameOf,
  text,
  type BucketRow,
  type BucketView,
} from './asset-views.server'
import type { Actor } from '#app/platform/access/actor'

export function bucketView(row: BucketRow): BucketView {
  return { key: row.key, KIND: 'Bucket', name: row.name, brand: row.brandKey, created: seconds(row.created) }
}

export const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** §7 `GET /api/bucket/query/brand`: the brand's bucket, or BucketNotFound when it has none yet. */
export async function bucketOfBrand(deps: ServiceDeps, actor: Actor, brandValue: unknown): Promise<BucketView> {
  const brandKey = text(brandValue, 'brand')
  requireBrandAbility(actor, 'brand.view', brandKey)
  const [row] = await deps.db.select().from(buckets).where(eq(buckets.brandKey, brandKey))
  if (!row) throw new AppError('BucketNotFound', ASSET_TEXTS.bucketRequired)
  return bucketView(row)
}

/** The brand's bucket or null, for pages that offer to create it. */
export async function findBucketOfBrand(deps: ServiceDeps, actor: Actor, brandKey: string): Promise<BucketView | null> {
  try {
    return await bucketOfBrand(deps, actor, brandKey)
  } catch (error) {
    if (error instanceof AppError && error.type === 'BucketNotFound') return null
    throw error
  }
}

/** §7 `POST /api/bucket/model/`: creates the brand's bucket with the default folders of §9. */
export async function createBucket(
  deps: ServiceDeps,
  actor: Actor,
  input: { brand?: unknown; name?: unknown },
): Promise<BucketView & { message: string }> {
  const brandKey = text(input.brand, 'brand')
  requireBrandAbility(actor, 'asset.manage', brandKey)
  const name = input.name === undefined || input.name === '' ? 'Asset Library' : nameOf(input.name, 'name')
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [bucket] = await tx
        .insert(buckets)
        .values({ key: newKey(), brandKey, name, createdBy: actor.key })
        .returning()
      await tx.insert(assetEntries).values(
        DEFAULT_FOLDERS.map((folder) => ({
          key: newKey(),
          bucketKey: bucket!.key,
          brandKey,
          kind: 'folder' as const,
          name: folder,
          createdBy: actor.key,
        })),
      )
      return bucket!
    })
    return { ...bucketView(row), message: ASSET_TEXTS.bucketCreated }
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('This brand has a bucket already.')
    throw error
  }
}

export async function requireBucket(
  deps: ServiceDeps,
  actor: Actor,
  ability: 'brand.view' | 'asset.manage',
  bucketValue: unknown,
): Promise<BucketRow> {
  const key = text(bucketValue, 'bucket')
  await requireAbility(deps, actor, ability, { model: 'Bucket', key })
  const [row] = await deps.db.select().from(buckets).where(eq(buckets.key, key))
  if (!row) throw notFound('Bucket')
  return row
}
