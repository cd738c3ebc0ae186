// Test factories: brands, accounts, grants, teams and invites made for one test, so a test never
// depends on (or changes) the demo seed. Rows are written straight to the database, the way the
// services leave them; accounts also get a user in the Auth emulator, so they can sign in.
// Every integration file has its own database, dropped at the end; Firebase users are shared by
// the run, so their e-mails are unique. Each factory answers the keys a test needs.
import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import {
  accounts,
  brands,
  collections,
  conversationMembers,
  conversations,
  grants,
  invites,
  lines,
  messages,
  notifications,
  references,
  styles,
  teamMembers,
  teams,
} from '#db/schema'
import type { GrantSpec } from '#db/schema'
import { newKey } from '#app/platform/ids'
import type { NotificationSegment } from '#app/features/notifications/notification-schemas'
import { IMAGE_TYPES, type StoredUpload } from '#app/features/files/upload.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { actorForIdentity } from '#app/features/identity/accounts.server'
import type { Actor } from '#app/platform/access/actor'

/** The password of every account a factory makes (the demo password, so helpers can sign in). */
export const FACTORY_PASSWORD = 'Demo-passw0rd!'

type Deps = Pick<ServiceDeps, 'db' | 'identity'>

export interface BrandFixture {
  key: string
  name: string
  /** Lines in creation order; each has its collections. */
  lines: { key: string; name: string; collections: string[] }[]
  /** Every collection of the brand, across lines. */
  collections: string[]
  /** Removes the brand and everything that belongs to it (lines, grants, teams, invites). */
  remove(): Promise<void>
}

/** A brand with `lines` lines of `collectionsPerLine` collections each (defaults: 2 and 1). */
export async function createBrand(
  deps: Pick<ServiceDeps, 'db'>,
  options: {
    name?: string
    lines?: number
    collectionsPerLine?: number
    fields?: Partial<typeof brands.$inferInsert>
  } = {},
): Promise<BrandFixture> {
  const key = newKey()
  const name = options.name ?? `Brand ${key.slice(0, 6)}`
  await deps.db.insert(brands).values({
    key,
    name,
    legalName: `${name} Ltd`,
    address: { street: '1 Main Street', suite: 'Suite 1', country: 'US', city: 'Portland', zip: '97201' },
    ...options.fields,
  })
  const made: BrandFixture['lines'] = []
  for (let l = 0; l < (options.lines ?? 2); l++) {
    const lineKey = newKey()
    await deps.db.insert(lines).values({ key: lineKey, brandKey: key, name: `Line ${l + 1}` })
    const lineCollections: string[] = []
    for (let c = 0; c < (options.collectionsPerLine ?? 1); c++) {
      const collectionKey = newKey()
      await deps.db.insert(collections).values({
        key: collectionKey,
        brandKey: key,
        lineKey,
        name: `Collection ${l + 1}.${c + 1}`,
        season: 'SS',
        year: 2027,
      })
      lineCollections.push(collectionKey)
    }
    made.push({ key: lineKey, name: `Line ${l + 1}`, collections: lineCollections })
  }
  return {
    key,
    name,
    lines: made,
    collections: made.flatMap((line) => line.collections),
    remove: async () => {
      await deps.db.delete(brands).where(eq(brands.key, key))
    },
  }
}

export interface AccountFixture {
  key: string
  email: string
  uid: string
  password: string
}

/** An account with a user in the Auth emulator (password FACTORY_PASSWORD, e-mail verified). */
export async function createAccount(
  deps: Deps,
  options: { name?: string; fields?: Partial<typeof accounts.$inferInsert> } = {},
): Promise<AccountFixture> {
  const key = newKey()
  const name = options.name ?? 'Factory'
  const email = options.fields?.email ?? `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${key}@factory.test`
  const uid = `factory-${key}`
  await deps.identity.ensureUser({ uid, email, password: FACTORY_PASSWORD, displayName: `${name} Member` })
  await deps.db.insert(accounts).values({
    key,
    firebaseUid: uid,
    email,
    name: `${name} Member`,
    first: name,
    last: 'Member',
    title: 'Designer',
    jobType: 'designer',
    status: 'onboarded',
    department: 'design',
    ...options.fields,
  })
  return { key, email, uid, password: FACTORY_PASSWORD }
}

export interface GrantTarget {
  brand: string
  /** Brand (default), Line, Collection or Style. */
  model?: string
  /** Defaults to the brand's key. */
  modelId?: string
  type: string
}

/** Gives an account a grant directly (as an invite or an owner would). */
export async function grant(deps: Pick<ServiceDeps, 'db'>, accountKey: string, target: GrantTarget): Promise<void> {
  await deps.db
    .insert(grants)
    .values({
      key: newKey(),
      accountKey,
      brandKey: target.brand,
      model: target.model ?? 'Brand',
      modelId: target.modelId ?? target.brand,
      type: target.type,
    })
    .onConflictDoNothing()
}

/** A new account holding the given grants (on a brand, line or collection). */
export async function createMember(
  deps: Deps,
  grantsHeld: GrantTarget[],
  options: { name?: string; fields?: Partial<typeof accounts.$inferInsert> } = {},
): Promise<AccountFixture> {
  const account = await createAccount(deps, options)
  for (const target of grantsHeld) await grant(deps, account.key, target)
  return account
}

export interface TeamFixture {
  key: string
  brand: string
  grants: GrantSpec[]
}

/**
 * A team of a brand on a model (brand, line or collection) handing out `grants` (default: editor
 * on its model). Members are put on the team and receive its grants, as set_team does.
 */
export async function createTeam(
  deps: Pick<ServiceDeps, 'db'>,
  brand: string,
  options: {
    name?: string
    model?: string
    modelId?: string
    grants?: GrantSpec[]
    members?: string[]
    jobType?: string
  } = {},
): Promise<TeamFixture> {
  const key = newKey()
  const model = options.model ?? 'Brand'
  const modelId = options.modelId ?? brand
  const teamGrants = options.grants ?? [{ model, model_id: modelId, type: 'editor' }]
  await deps.db.insert(teams).values({
    key,
    brandKey: brand,
    name: options.name ?? `Team ${key.slice(0, 6)}`,
    model,
    modelId,
    grants: teamGrants,
    accountJobType: options.jobType ?? null,
  })
  for (const member of options.members ?? []) await addTeamMember(deps, { key, brand, grants: teamGrants }, member)
  return { key, brand, grants: teamGrants }
}

/** Puts an account on a team with the team's grants. */
export async function addTeamMember(deps: Pick<ServiceDeps, 'db'>, team: TeamFixture, accountKey: string) {
  await deps.db
    .insert(teamMembers)
    .values({ teamKey: team.key, accountKey, brandKey: team.brand })
    .onConflictDoNothing()
  for (const held of team.grants) {
    await grant(deps, accountKey, { brand: team.brand, model: held.model, modelId: held.model_id, type: held.type })
  }
}

export interface InviteFixture {
  key: string
  token: string
  email: string
}

/** An invite of a brand (status pending unless told), handing out `permissions`. */
export async function createInvite(
  deps: Pick<ServiceDeps, 'db'>,
  brand: string,
  options: {
    email?: string
    jobType?: string
    status?: 'pending' | 'invited' | 'accepted'
    permissions?: GrantSpec[]
    createdBy?: string
    acceptedBy?: string
    teamKey?: string
  } = {},
): Promise<InviteFixture> {
  const key = newKey()
  const token = randomBytes(32).toString('base64url')
  const email = (options.email ?? `invitee-${key}@factory.test`).toLowerCase()
  const permissions = options.permissions ?? [{ model: 'Brand', model_id: brand, type: 'read' }]
  await deps.db.insert(invites).values({
    key,
    token,
    brandKey: brand,
    email,
    firstName: 'Invited',
    lastName: 'Person',
    jobType: options.jobType ?? 'designer',
    status: options.status ?? 'pending',
    data: [{ model: 'Brand', model_id: brand, KIND: 'Brand', grants: permissions }],
    permissions,
    teamKey: options.teamKey ?? null,
    createdBy: options.createdBy ?? null,
    acceptedBy: options.acceptedBy ?? null,
    acceptedAt: options.status === 'accepted' ? new Date() : null,
  })
  return { key, token, email }
}

/** A stored notification for an account (unread). */
export async function createNotification(
  deps: Pick<ServiceDeps, 'db'>,
  accountKey: string,
  options: {
    brand?: string
    targetId?: string
    /** Who caused it (default: none, as the product's own notifications). */
    actor?: string
    segments?: NotificationSegment[]
    created?: Date
    read?: boolean
  } = {},
): Promise<{ key: string; targetId: string }> {
  const key = newKey()
  const targetId = options.targetId ?? newKey()
  await deps.db.insert(notifications).values({
    key,
    accountKey,
    brandKey: options.brand ?? null,
    actorKey: options.actor ?? null,
    action: 'updated',
    targetKind: 'Brand',
    targetId,
    segments: options.segments ?? ['Factory', 'updated', 'something'],
    ...(options.created && { created: options.created }),
    ...(options.read && { readAt: new Date() }),
  })
  return { key, targetId }
}

/** The actor of an account as services see it after sign-in (fresh grants from the database). */
export function actorOf(deps: ServiceDeps, account: Pick<AccountFixture, 'uid' | 'email'>): Promise<Actor> {
  return actorForIdentity(deps, { uid: account.uid, email: account.email })
}

/** An image as services receive uploads: already streamed into the blob store. */
export async function storedImage(deps: Pick<ServiceDeps, 'blobs'>, bytes: Buffer): Promise<StoredUpload> {
  const key = `uploads/incoming/factory-${randomBytes(8).toString('hex')}`
  const info = await deps.blobs.put(key, Readable.from([bytes]), { contentType: IMAGE_TYPES, maxBytes: bytes.length })
  return { key, ...info }
}

/** A reference of the atelier on a brand (no style); answers its key. */
export async function createReference(deps: Pick<ServiceDeps, 'db'>, brandKey: string, name = 'Front sketch') {
  const key = newKey()
  await deps.db.insert(references).values({ key, brandKey, name })
  return key
}

/** A style of a brand (no collection); answers its key. */
export async function createStyle(deps: Pick<ServiceDeps, 'db'>, brandKey: string, name = 'Wrap coat') {
  const key = newKey()
  await deps.db.insert(styles).values({ key, brandKey, name, number: `WC-${key.slice(0, 4)}` })
  return key
}

/** A direct chat between two members of a brand with one message from the first; answers both keys. */
export async function createDirectChat(
  deps: Pick<ServiceDeps, 'db'>,
  brandKey: string,
  [from, to]: [string, string],
  text = 'Hello from the factory',
): Promise<{ conversation: string; message: string }> {
  const conversation = newKey()
  await deps.db.insert(conversations).values({
    key: conversation,
    brandKey,
    kind: 'direct',
    pairKey: [from, to].sort().join(':'),
    createdBy: from,
  })
  await deps.db.insert(conversationMembers).values([
    { conversationKey: conversation, accountKey: from, brandKey },
    { conversationKey: conversation, accountKey: to, brandKey },
  ])
  const message = newKey()
  await deps.db
    .insert(messages)
    .values({ key: message, conversationKey: conversation, brandKey, senderKey: from, text })
  return { conversation, message }
}
