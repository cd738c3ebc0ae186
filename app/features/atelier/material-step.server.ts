// The Materials step of a style: its cards, the checkmarks and the Media Library.
import { MATERIAL_TYPES, isMaterialType } from '#app/features/atelier/materials'
import { PRODUCT_IMAGE_TYPES } from '#app/features/files'
import { hasAbility, requireAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { notFound } from '#app/platform/errors'
import { files, styleMaterialChecks, styles } from '#db/schema'
import { and, desc, eq, inArray } from 'drizzle-orm'
import { markMaterialsStep } from './material-changes.server'
import { MAX_LIBRARY, assetOf, materialsOfStyle, typeError } from './material-reading.server'
import type { LibraryImage, MaterialCard } from './views'
import type { Actor } from '#app/platform/access/actor'
export type { LibraryImage, MaterialCard } from './views'

/** The cards of a style's Materials step, and whether the actor may change them. */
export async function materialCards(
  deps: ServiceDeps,
  actor: Actor,
  styleKey: string,
): Promise<{ cards: MaterialCard[]; mayChange: boolean }> {
  const list = await materialsOfStyle(deps, actor, styleKey)
  const checks = await deps.db.select().from(styleMaterialChecks).where(eq(styleMaterialChecks.styleKey, styleKey))
  const mayChange = await hasAbility(deps, actor, 'asset.manage', { model: 'Style', key: styleKey })
  const cards = MATERIAL_TYPES.map(({ key }) => {
    const ofType = list.filter((material) => material.type === key)
    return {
      type: key,
      count: ofType.length,
      checked: checks.some((check) => check.type === key),
      previews: ofType
        .map((material) => material.assets.front?.urls.thumbnail ?? material.assets.front?.urls.original ?? null)
        .filter((url): url is string => url !== null)
        .slice(0, 3),
    }
  })
  return { cards, mayChange }
}

/** Ticks or clears "No additional {title}? Click checkmark" for one type of a style; a tick marks the step. */
export async function setMaterialTypeChecked(
  deps: ServiceDeps,
  actor: Actor,
  styleKey: string,
  type: unknown,
  checked: boolean,
): Promise<void> {
  const access = await requireAbility(deps, actor, 'asset.manage', { model: 'Style', key: styleKey })
  if (!isMaterialType(type)) throw typeError()
  if (checked) {
    // Saying a type needs nothing more is work on the step, as saving a material is (§4).
    await deps.db.transaction(async (tx) => {
      await tx
        .insert(styleMaterialChecks)
        .values({ styleKey, brandKey: access.brandKey, type, checkedBy: actor.key })
        .onConflictDoNothing()
      await markMaterialsStep(tx, [styleKey])
    })
  } else {
    await deps.db
      .delete(styleMaterialChecks)
      .where(and(eq(styleMaterialChecks.styleKey, styleKey), eq(styleMaterialChecks.type, type)))
  }
}

/**
 * The Media Library of a style's Materials step: the brand's clean images (material pictures,
 * product photos and pictures of the asset library), newest first, for those who may add materials to the style.
 */
export async function materialLibrary(deps: ServiceDeps, actor: Actor, styleKey: string): Promise<LibraryImage[]> {
  const access = await requireAbility(deps, actor, 'asset.manage', { model: 'Style', key: styleKey })
  const rows = await deps.db
    .select()
    .from(files)
    .where(
      and(
        eq(files.brandKey, access.brandKey),
        inArray(files.purpose, ['material-image', 'listing-media', 'asset-library']),
        eq(files.status, 'available'),
        inArray(files.contentType, [...PRODUCT_IMAGE_TYPES]),
      ),
    )
    .orderBy(desc(files.created), desc(files.key))
    .limit(MAX_LIBRARY)
  return rows.flatMap((row) => {
    const asset = assetOf(deps, row)
    return asset
      ? [{ key: row.key, name: row.originalName, thumbnail: asset.urls.thumbnail ?? asset.urls.original }]
      : []
  })
}

/** The style a page of the Materials step is about: its name and number, for those who see it. */
export async function materialStyle(deps: ServiceDeps, actor: Actor, styleKey: string) {
  const access = await requireAbility(deps, actor, 'brand.view', { model: 'Style', key: styleKey })
  const [row] = await deps.db
    .select({ key: styles.key, name: styles.name, number: styles.number, brandKey: styles.brandKey })
    .from(styles)
    .where(and(eq(styles.key, styleKey), eq(styles.brandKey, access.brandKey)))
  if (!row) throw notFound('Style')
  return row
}
