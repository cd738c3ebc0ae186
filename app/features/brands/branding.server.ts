// Branding of a brand (access.md §2 "Branding"): colours of the panel and the login page, the
// landing template, and the brand's images. Owner or editor on the brand, checked here; what is
// saved is what loadBrandLook shows on the brand's login and invite pages.
import { eq } from 'drizzle-orm'
import { brands, type BrandAssets, type BrandTemplate } from '#db/schema'
import { notFound } from '#app/platform/errors'
import { SLOT_SPECS, type BrandImageSlot } from '#app/features/files'
import { BrandingUpdateSchema } from '#app/features/brands/branding-schemas'
import { loadBrandLook, type BrandLook } from './brand-look.server'
import { requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import {
  countImageUpload,
  deleteBlobs,
  imageView,
  storeImage,
  type ImageChange,
  type ImageView,
} from '#app/features/files/index.server'
import { notifyBrandMembers } from '#app/features/notifications/index.server'
import { parseOrThrow } from '#app/platform/validation.server'
import type { Actor } from '#app/platform/access/actor'

/** Owner or editor; callers that read an upload check this first, so a refusal costs no upload. */
export function requireBrandingAccess(actor: Actor, brandKey: string): void {
  requireBrandAbility(actor, 'branding.edit', brandKey)
}

async function brandRow(deps: ServiceDeps, brandKey: string) {
  const [row] = await deps.db
    .select({ key: brands.key, name: brands.name, template: brands.template, assets: brands.assets })
    .from(brands)
    .where(eq(brands.key, brandKey))
    .limit(1)
  if (!row) throw notFound('Brand')
  return row
}

export interface BrandingView {
  look: BrandLook
  /** Each slot's image with its original and crop, for the crop modal. */
  images: Partial<Record<BrandImageSlot, ImageView>>
}

/** The Branding page: the look as saved, and each image with what the crop modal needs. */
export async function getBranding(deps: ServiceDeps, actor: Actor, brandKey: string): Promise<BrandingView> {
  requireBrandAbility(actor, 'branding.edit', brandKey)
  const row = await brandRow(deps, brandKey)
  const look = await loadBrandLook(deps, brandKey)
  if (!look) throw notFound('Brand')
  const images: BrandingView['images'] = {}
  for (const slot of Object.keys(SLOT_SPECS) as BrandImageSlot[]) {
    const view = imageView(deps, row.assets[slot])
    if (view) images[slot] = view
  }
  return { look, images }
}

async function announce(deps: ServiceDeps, actor: Actor, brandKey: string, brandName: string) {
  await notifyBrandMembers(deps, {
    actor,
    brandKey,
    action: 'updated the branding of',
    targetKind: 'Brand',
    targetId: brandKey,
    segments: [brandName],
  })
}

/**
 * Saves colours and the landing template. The landing page's colours follow the universal panel
 * colours (the spec gives the landing page no pickers of its own; docs/decisions/023).
 */
export async function updateBranding(deps: ServiceDeps, actor: Actor, brandKey: string, input: unknown) {
  requireBrandAbility(actor, 'branding.edit', brandKey)
  const changes = parseOrThrow(BrandingUpdateSchema, input)
  const row = await brandRow(deps, brandKey)
  const current: BrandTemplate = row.template ?? {}
  const universal = { ...current.universal, ...changes.universal }
  const template: BrandTemplate = {
    ...current,
    universal,
    login: { ...current.login, ...changes.login },
    landing: {
      ...current.landing,
      ...(universal.backgroundColor && { backgroundColor: universal.backgroundColor }),
      ...(universal.fontColor && { fontColor: universal.fontColor }),
      ...(changes.landing?.layout && { layout: changes.landing.layout }),
    },
  }
  await deps.db.update(brands).set({ template, modified: new Date() }).where(eq(brands.key, brandKey))
  await announce(deps, actor, brandKey, row.name)
  const look = await loadBrandLook(deps, brandKey)
  // Archived meanwhile: the brand is gone for everyone.
  if (!look) throw notFound('Brand')
  return look
}

async function changeImage(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  slot: BrandImageSlot,
  change: ImageChange,
): Promise<ImageView> {
  requireBrandAbility(actor, 'branding.edit', brandKey)
  const row = await brandRow(deps, brandKey)
  if (change.file) await countImageUpload(deps, actor.key)
  const { asset, replaced } = await storeImage(
    deps,
    `brands/${brandKey}/${slot}`,
    SLOT_SPECS[slot],
    row.assets[slot],
    change,
  )
  // Read-modify-write of one slot; two editors saving different slots at the same moment could
  // lose one, which the notification makes visible (rare, and the image can be saved again).
  const assets: BrandAssets = { ...row.assets, [slot]: asset }
  await deps.db.update(brands).set({ assets, modified: new Date() }).where(eq(brands.key, brandKey))
  await deleteBlobs(deps, replaced)
  await announce(deps, actor, brandKey, row.name)
  return imageView(deps, asset)!
}

/** Replace and/or crop a brand image (the Image Crop modal's Crop and Save). */
export function setBrandImage(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  slot: BrandImageSlot,
  change: Omit<ImageChange, 'reset'>,
): Promise<ImageView> {
  return changeImage(deps, actor, brandKey, slot, change)
}

/** Reset: the image goes back to the whole original upload. */
export function resetBrandImage(deps: ServiceDeps, actor: Actor, brandKey: string, slot: BrandImageSlot) {
  return changeImage(deps, actor, brandKey, slot, { file: null, crop: null, reset: true })
}
