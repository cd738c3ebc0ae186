// Brands: the list a user may see, creation (account role admin), the company profile and its
// updates. Every function takes the actor first and checks the grant here, whatever the caller.
import { desc, eq, inArray } from 'drizzle-orm'
import { brands } from '#db/schema'
import { AppError, notFound, permissionError } from '#app/lib/errors'
import { newKey } from '#app/lib/ids'
import { BrandNameSchema, BrandUpdateSchema, type BrandUpdate } from '#app/schemas/brand'
import type { Actor } from './accounts.server'
import { requireBrandAbility } from './access.server'
import type { ServiceDeps } from './context.server'
import { addGrants } from './grants.server'
import { notifyBrandMembers } from './notifications.server'
import { parseOrThrow } from './validation.server'

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
  return rows.map(toBrandView)
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
