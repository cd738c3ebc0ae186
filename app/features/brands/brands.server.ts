// Brands: the list a user may see, creation (account role admin), the company profile and its
// updates. Every function takes the actor first and checks the grant here, whatever the caller.
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import { accounts, brands, grants, teamMembers } from '#db/schema'
import { AppError, notFound, permissionError } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { BrandNameSchema, BrandUpdateSchema, type BrandUpdate } from '#app/features/brands/brand-schemas'
import { can } from '#app/platform/access/abilities'
import { requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import {
  addGrants,
  changeGrants,
  cutArchivedBrandAccess,
  brandMemberKeys,
  loadGrants,
} from '#app/platform/access/grants.server'
import { notifyBrandMembers } from '#app/features/notifications/index.server'
import { parseOrThrow } from '#app/platform/validation.server'
import type { Actor } from '#app/platform/access/actor'

export type BrandRow = typeof brands.$inferSelect

/** The Brand entity as pages and the API show it (catalogue.md §3). */
export function toBrandView(row: BrandRow) {
  return {
    key: row.key,
    KIND: 'Brand' as const,
    name: row.name,
    legal_name: row.legalName ?? '',
    year_established: row.yearEstablished ?? '',
    address: row.address,
    contact: row.contact,
    template: row.template,
    assets: row.assets,
    created: row.created.toISOString(),
    modified: row.modified.toISOString(),
  }
}
export type BrandView = ReturnType<typeof toBrandView>

/** Brands the actor holds a grant on, newest modified first. */
export async function listBrandsForActor(deps: ServiceDeps, actor: Actor): Promise<BrandView[]> {
  const keys = [...new Set(actor.grants.filter((g) => g.model === 'Brand').map((g) => g.model_id))]
  if (keys.length === 0) return []
  const rows = await deps.db.select().from(brands).where(inArray(brands.key, keys)).orderBy(desc(brands.modified))
  return rows.map((row) => ({ ...toBrandView(row), assets: withImageUrls(deps, row.assets) }))
}

/** Stored images with a signed address to show them (the store hands out no paths). */
function withImageUrls(deps: ServiceDeps, assets: BrandRow['assets']): BrandRow['assets'] {
  return Object.fromEntries(
    Object.entries(assets).map(([slot, asset]) => [
      slot,
      asset?.path ? { ...asset, url: deps.blobs.signedUrl(asset.path) } : asset,
    ]),
  )
}

export async function getBrand(deps: ServiceDeps, actor: Actor, brandKey: string): Promise<BrandView> {
  requireBrandAbility(actor, 'brand.view', brandKey)
  const [row] = await deps.db.select().from(brands).where(eq(brands.key, brandKey)).limit(1)
  if (!row) throw notFound('Brand')
  return toBrandView(row)
}

/** Only account role admin may create brands (catalogue.md §2 "Brands list"). */
export function canCreateBrand(actor: Actor): boolean {
  return actor.role === 'admin'
}

export function requireBrandCreation(actor: Actor): void {
  if (!canCreateBrand(actor)) throw permissionError('Only an account admin can create a brand.')
}

/** Creates a brand and makes its creator the owner. */
export async function createBrand(deps: ServiceDeps, actor: Actor, input: unknown): Promise<BrandView> {
  requireBrandCreation(actor)
  const { name } = parseOrThrow(BrandNameSchema, input)
  const key = newKey()
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(brands)
      .values({
        key,
        name,
        createdBy: actor.key,
        template: {
          login: { backgroundColor: '#000000', fontColor: '#ffffff' },
          landing: { backgroundColor: '#000000', fontColor: '#ffffff', layout: 'modal' },
        },
      })
      .returning()
    await addGrants(tx, [{ accountKey: actor.key, brandKey: key, model: 'Brand', model_id: key, type: 'owner' }])
    return created!
  })
  actor.grants.push({ model: 'Brand', model_id: key, type: 'owner' })
  return toBrandView(row)
}

/** Updates the company profile, headquarters, contact or template; owner or editor. */
export async function updateBrand(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  input: unknown,
): Promise<BrandView> {
  requireBrandAbility(actor, 'brand.edit', brandKey)
  const changes: BrandUpdate = parseOrThrow(BrandUpdateSchema, input)
  if (Object.keys(changes).length === 0) {
    throw new AppError('ValidationError', 'Nothing to update: send at least one field.')
  }
  const [row] = await deps.db
    .update(brands)
    .set({
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.legal_name !== undefined && { legalName: changes.legal_name }),
      ...(changes.year_established !== undefined && { yearEstablished: changes.year_established }),
      ...(changes.address !== undefined && { address: changes.address }),
      ...(changes.contact !== undefined && {
        contact: { ...changes.contact, name: `${changes.contact.first} ${changes.contact.last}`.trim() },
      }),
      ...(changes.template !== undefined && { template: changes.template }),
      modified: new Date(),
    })
    .where(eq(brands.key, brandKey))
    .returning()
  if (!row) throw notFound('Brand')
  await notifyBrandMembers(deps, {
    actor,
    brandKey,
    action: 'updated the brand profile of',
    targetKind: 'Brand',
    targetId: brandKey,
    segments: [row.name],
  })
  return toBrandView(row)
}

// ---------------------------------------------------------------------------------------------
// The admin's brand menu: Delete Brand (an undoable archive) and Remove Brand Permissions (final
// for the admin), docs/decisions/066.

/** The brands list shows its per-brand menu and the Archived brands view to account admins only. */
export function mayManageBrands(actor: Actor): boolean {
  return actor.role === 'admin'
}

function requireBrandAdmin(actor: Actor): void {
  if (!mayManageBrands(actor)) throw permissionError('Only an account admin can do this.')
}

/** A brand as the admin menu's dialogs show it: whether the admin may delete it, its other owners. */
export async function getBrandForMenu(deps: ServiceDeps, actor: Actor, brandKey: string) {
  requireBrandAdmin(actor)
  const brand = await getBrand(deps, actor, brandKey)
  const owners = await ownerKeys(deps, brandKey)
  return {
    brand,
    mayDelete: can(actor.grants, 'brand.delete', brandKey),
    /** Removing one's own grants would leave the brand without any owner. */
    lastOwner: owners.length === 1 && owners[0] === actor.key,
  }
}

/** Active accounts holding an owner grant on the brand itself. */
async function ownerKeys(deps: ServiceDeps, brandKey: string): Promise<string[]> {
  const rows = await deps.db
    .selectDistinct({ key: grants.accountKey })
    .from(grants)
    .innerJoin(accounts, eq(accounts.key, grants.accountKey))
    .where(
      and(eq(grants.model, 'Brand'), eq(grants.modelId, brandKey), eq(grants.type, 'owner'), eq(accounts.active, true)),
    )
  return rows.map((row) => row.key)
}

export const typeBrandNameMessage = (name: string) => `Type the brand name "${name}" to delete it.`

/**
 * Delete Brand: archives the brand for everyone once the admin typed its name. Nothing is removed;
 * every grant on it stops counting, so it leaves every list, page, call and socket at once, and
 * restoreBrand brings it back whole. Account admin and owner of the brand.
 */
export async function archiveBrand(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  input: unknown,
): Promise<BrandView> {
  requireBrandAdmin(actor)
  requireBrandAbility(actor, 'brand.delete', brandKey)
  const [row] = await deps.db.select().from(brands).where(eq(brands.key, brandKey)).limit(1)
  if (!row || row.archivedAt) throw notFound('Brand')
  const typed = (input as { name?: unknown } | null)?.name
  if (typeof typed !== 'string' || typed.trim() !== row.name.trim()) {
    const message = typeBrandNameMessage(row.name)
    throw new AppError('ValidationError', `name: ${message}`, { name: [message] })
  }
  const [archived] = await deps.db
    .update(brands)
    .set({ archivedAt: new Date(), archivedBy: actor.key })
    .where(and(eq(brands.key, brandKey), isNull(brands.archivedAt)))
    .returning()
  if (!archived) throw notFound('Brand')
  cutArchivedBrandAccess(deps, brandKey, await brandMemberKeys(deps, brandKey))
  actor.grants = actor.grants.filter((grant) => !grantIsOnBrand(grant, brandKey))
  return toBrandView(archived)
}

/** Whether a grant of the actor is on the brand itself (its line, collection and style grants are on its records). */
function grantIsOnBrand(grant: { model: string; model_id: string }, brandKey: string): boolean {
  return grant.model === 'Brand' && grant.model_id === brandKey
}

export type ArchivedBrandView = BrandView & { archived: string }

/** The Archived brands view: brands archived that the admin owns (grants that do not count now). */
export async function listArchivedBrands(deps: ServiceDeps, actor: Actor): Promise<ArchivedBrandView[]> {
  requireBrandAdmin(actor)
  const rows = await deps.db
    .selectDistinct({ brand: brands })
    .from(brands)
    .innerJoin(
      grants,
      and(
        eq(grants.brandKey, brands.key),
        eq(grants.accountKey, actor.key),
        eq(grants.model, 'Brand'),
        eq(grants.modelId, brands.key),
        eq(grants.type, 'owner'),
      ),
    )
    .where(isNotNull(brands.archivedAt))
    .orderBy(desc(brands.archivedAt))
  return rows.map(({ brand }) => ({ ...toBrandView(brand), archived: brand.archivedAt!.toISOString() }))
}

/** One archived brand the admin owns, for the Restore dialog; any other is not found. */
export async function getArchivedBrand(deps: ServiceDeps, actor: Actor, brandKey: string): Promise<ArchivedBrandView> {
  const found = (await listArchivedBrands(deps, actor)).find((brand) => brand.key === brandKey)
  if (!found) throw notFound('Brand')
  return found
}

/** Restores an archived brand: every grant on it counts again, for everyone who held one. */
export async function restoreBrand(deps: ServiceDeps, actor: Actor, brandKey: string): Promise<BrandView> {
  await getArchivedBrand(deps, actor, brandKey)
  const [row] = await deps.db
    .update(brands)
    .set({ archivedAt: null, archivedBy: null })
    .where(and(eq(brands.key, brandKey), isNotNull(brands.archivedAt)))
    .returning()
  if (!row) throw notFound('Brand')
  actor.grants = await loadGrants(deps, actor.key)
  return toBrandView(row)
}

/**
 * Remove Brand Permissions: the admin gives up every grant of their own on the brand (the brand,
 * its lines, collections and styles) and leaves its teams. Final for the admin: only an owner can
 * invite them back. Refused for the last owner, which would leave the brand without one.
 */
export async function removeOwnBrandPermissions(deps: ServiceDeps, actor: Actor, brandKey: string) {
  const { brand, lastOwner } = await getBrandForMenu(deps, actor, brandKey)
  if (lastOwner) {
    throw new AppError(
      'Conflict',
      `You are the only owner of ${brand.name}. Make another member an owner first, or delete the brand.`,
    )
  }
  await changeGrants(deps, async (tx, writer) => {
    await writer.removeAllOnBrand(actor.key, brandKey)
    await tx.delete(teamMembers).where(and(eq(teamMembers.brandKey, brandKey), eq(teamMembers.accountKey, actor.key)))
  })
  actor.grants = await loadGrants(deps, actor.key)
  return brand
}
