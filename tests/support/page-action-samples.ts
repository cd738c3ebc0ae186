// The setup of the walks of every page action (tests/integration/platform/page-actions-csrf.test.ts,
// page-action-bodies.test.ts): the portal on the production build, the actions of its route tree,
// and a valid form for every page action, made in a fresh world of a brand, its owner, a read
// member and an invite, which proves the action works with its token.
import { openDirectChat, sendMessage } from '#app/features/chat/chat.server'
import { pipelineSettled } from '#app/features/files/files.server'
import { requestPasswordReset } from '#app/features/identity/passwords.server'
import { commitImport, startImport } from '#app/features/imports/imports.server'
import { accounts, brands } from '#db/schema'
import { createBucketWithFile } from '#tests/support/asset-factories'
import { createSample } from '#tests/support/atelier-factories'
import { createListing, createStyleIn } from '#tests/support/catalogue-factories'
import { latestOobCode } from '#tests/support/emulator'
import {
  FACTORY_PASSWORD,
  actorOf,
  createBrand,
  createInvite,
  createMember,
  createNotification,
  type AccountFixture,
  type BrandFixture,
} from '#tests/support/factories'
import { createMedia } from '#tests/support/media-factories'
import { loadServerBuild, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import type { ServerBuild } from '@remix-run/node'
import { eq } from 'drizzle-orm'
import { Readable } from 'node:stream'
import sharp from 'sharp'
import { afterAll, beforeAll, inject } from 'vitest'

/** A fresh brand owned by the signed-in account, with a read member and an open invite. */
export interface World {
  brand: BrandFixture
  owner: AccountFixture
  member: AccountFixture
  invite: { key: string; token: string; email: string }
}

export interface ActionPost {
  /** Path and query of the action. */
  url: string
  fields?: Record<string, string>
  /** Multipart with a small PNG as `file`. */
  image?: boolean
  /** Multipart with this CSV as `file`, after the other fields (the upload form's order). */
  csv?: string
  /** Multipart with a small PNG as `file` under this name, after the other fields (the media form). */
  photo?: string
  /** Posted without a session (the sign-in and password-reset pages). */
  anonymous?: boolean
}

interface ActionSample {
  post(world: World): Promise<ActionPost> | ActionPost
  /** Set when the form cannot be made valid here; says why. */
  notProvenValid?: string
}

const NEW_PASSWORD = 'Velvet-Harbour-Loom-83'

/** The owner's direct chat with the member, with one message of the owner's in it. */
async function directChat(w: World) {
  const owner = await actorOf(portal.deps, w.owner)
  const conversation = await openDirectChat(portal.deps, owner, w.brand.key, w.member.key)
  const message = await sendMessage(portal.deps, owner, { conversation: conversation.key, text: 'Hello there' })
  return { conversation: conversation.key, message: message.key }
}

/** A spreadsheet upload of the owner's, read and checked (a dry run); committed when asked. */
export async function upload(w: World, csv = IMPORT_CSV, commit = false) {
  const owner = await actorOf(portal.deps, w.owner)
  const body = Readable.from([Buffer.from(csv)])
  const view = await startImport(
    portal.deps,
    owner,
    { brandKey: w.brand.key },
    { filename: 'walk.csv', addition: false, body },
  )
  return commit ? commitImport(portal.deps, owner, view.key) : view
}
const IMPORT_CSV = 'Listing Unique Id,Style Name,Style Number\nWALK-1,Walk Tee,W-1\nWALK-2,,W-2\n'

export const SAMPLES: Record<string, ActionSample> = {
  '/brand/:brandKey/assets_library/*': {
    post: async (w) => {
      await createBucketWithFile(portal.deps, w.brand.key, w.owner.key)
      return { url: `/brand/${w.brand.key}/assets_library/Blocks`, fields: { intent: 'folder', name: 'Walk' } }
    },
  },
  '/brand/:brandKey/products/upload?index': {
    post: (w) => ({ url: `/brand/${w.brand.key}/products/upload?index`, csv: IMPORT_CSV }),
  },
  '/brand/:brandKey/products/media/upload': {
    post: (w) => ({ url: `/brand/${w.brand.key}/products/media/upload`, photo: 'walk_photo_front.png' }),
  },
  '/brand/:brandKey/products/upload/:importKey': {
    post: async (w) => ({
      url: `/brand/${w.brand.key}/products/upload/${(await upload(w)).key}`,
      fields: { intent: 'commit' },
    }),
  },
  '/brand/:brandKey/products/upload/:importKey/row/:rowNumber': {
    post: async (w) => ({
      // WALK-2 is row 3 of the sheet (the header is row 1).
      url: `/brand/${w.brand.key}/products/upload/${(await upload(w)).key}/row/3`,
      fields: { 'Listing Unique Id': 'WALK-2', 'Style Name': 'Walk Shirt', 'Style Number': 'W-2' },
    }),
  },
  '/brand/:brandKey/products/upload/:importKey/mapping': {
    post: async (w) => ({
      url: `/brand/${w.brand.key}/products/upload/${(await upload(w, 'Listing Unique Id,Style Name,Style Number,Fabric Story\nWALK-3,Walk Coat,W-3,Wool\n')).key}/mapping`,
      fields: { 'map-0': 'Materials' },
    }),
  },
  '/brand/:brandKey/products/upload/:importKey/rollback': {
    post: async (w) => ({
      url: `/brand/${w.brand.key}/products/upload/${(await upload(w, IMPORT_CSV, true)).key}/rollback`,
    }),
  },
  '/brand/:brandKey/products/upload/:importKey/discard': {
    post: async (w) => ({
      url: `/brand/${w.brand.key}/products/upload/${(await upload(w, IMPORT_CSV)).key}/discard`,
    }),
  },
  '/brand/:brandKey/products/delete/:listingKey': {
    post: async (w) => ({
      url: `/brand/${w.brand.key}/products/delete/${(await createListing(portal.deps, w.brand.key)).key}`,
    }),
  },
  '/brand/:brandKey/style/:styleKey/materials?index': {
    post: async (w) => ({
      url: `/brand/${w.brand.key}/style/${await createStyleIn(portal.deps, w.brand.key, null)}/materials?index`,
      fields: { type: 'trim', checked: 'true' },
    }),
  },
  '/brand/:brandKey/style/:styleKey/materials/:type/upload': {
    post: async (w) => ({
      url: `/brand/${w.brand.key}/style/${await createStyleIn(portal.deps, w.brand.key, null)}/materials/fabric/upload`,
      photo: 'walk-swatch.png',
    }),
  },
  '/brand/:brandKey/style/:styleKey/materials/:type/:step': {
    post: async (w) => ({
      url: `/brand/${w.brand.key}/style/${await createStyleIn(portal.deps, w.brand.key, null)}/materials/fabric/add`,
      fields: { name: 'Walk twill', 'front.hexcode': '#0F4C81', 'front.pantone': '19-4052 TCX' },
    }),
  },
  '/brand/:brandKey/atelier/listings/delete/:listingKey': {
    post: async (w) => ({
      url: `/brand/${w.brand.key}/atelier/listings/delete/${(await createListing(portal.deps, w.brand.key)).key}`,
    }),
  },
  '/brand/:brandKey/products/bulk-edit': {
    post: async (w) => ({
      url: `/brand/${w.brand.key}/products/bulk-edit`,
      fields: { keys: (await createListing(portal.deps, w.brand.key)).key, Department: 'Menswear' },
    }),
  },
  '/brand/:brandKey/products/remove': {
    post: async (w) => ({
      url: `/brand/${w.brand.key}/products/remove`,
      fields: { keys: (await createListing(portal.deps, w.brand.key)).key },
    }),
  },
  '/brand/:brandKey/atelier/listings/remove': {
    post: async (w) => ({
      url: `/brand/${w.brand.key}/atelier/listings/remove`,
      fields: { keys: (await createListing(portal.deps, w.brand.key)).key },
    }),
  },
  '/brand/:brandKey/style/:styleKey?index': {
    post: async (w) => ({
      url: `/brand/${w.brand.key}/style/${await createStyleIn(portal.deps, w.brand.key, w.brand.collections[0]!)}?index`,
      fields: { intent: 'send', text: 'Looks right' },
    }),
  },
  '/brand/:brandKey/style/:styleKey/samples/add': {
    post: async (w) => ({
      url: `/brand/${w.brand.key}/style/${await createStyleIn(portal.deps, w.brand.key, null)}/samples/add`,
      photo: 'render.png',
    }),
  },
  '/brand/:brandKey/style/:styleKey/samples/:sampleKey': {
    post: async (w) => {
      const style = await createStyleIn(portal.deps, w.brand.key, null)
      const sample = await createSample(portal.deps, w.brand.key, style, w.owner.key)
      return {
        url: `/brand/${w.brand.key}/style/${style}/samples/${sample}`,
        fields: { intent: 'status', status: 'Ready for Review' },
      }
    },
  },
  '/brand/:brandKey/style/:styleKey/samples/:sampleKey/version': {
    post: async (w) => {
      const style = await createStyleIn(portal.deps, w.brand.key, null)
      const sample = await createSample(portal.deps, w.brand.key, style, w.owner.key)
      return { url: `/brand/${w.brand.key}/style/${style}/samples/${sample}/version`, photo: 'render v2.png' }
    },
  },
  '/brand/:brandKey/style/:styleKey/samples/:sampleKey/poster': {
    post: async (w) => {
      const style = await createStyleIn(portal.deps, w.brand.key, null)
      const sample = await createSample(portal.deps, w.brand.key, style, w.owner.key, {
        name: 'Coat.glb',
        type: 'model',
        contentType: 'model/gltf-binary',
      })
      return { url: `/brand/${w.brand.key}/style/${style}/samples/${sample}/poster`, photo: 'poster.png' }
    },
  },
  '/brand/:brandKey/style/:styleKey/:step': {
    post: async (w) => ({
      url: `/brand/${w.brand.key}/style/${await createStyleIn(portal.deps, w.brand.key, w.brand.collections[0]!)}/patterns`,
      fields: { notapplicable: 'on' },
    }),
  },
  '/?index': {
    post: (w) => ({ url: '/?index', anonymous: true, fields: { email: w.owner.email, password: FACTORY_PASSWORD } }),
  },
  '/brand/:brandKey/chat?index': {
    post: (w) => ({ url: `/brand/${w.brand.key}/chat?index`, fields: { account: w.member.key } }),
  },
  '/brand/:brandKey/chat/:conversation': {
    async post(w) {
      const chat = await directChat(w)
      return { url: `/brand/${w.brand.key}/chat/${chat.conversation}`, fields: { text: 'Posted with the form' } }
    },
  },
  '/brand/:brandKey/chat/:conversation/delete': {
    async post(w) {
      const chat = await directChat(w)
      return { url: `/brand/${w.brand.key}/chat/${chat.conversation}/delete` }
    },
  },
  '/brand/:brandKey/chat/:conversation/delete-message/:message': {
    async post(w) {
      const chat = await directChat(w)
      return { url: `/brand/${w.brand.key}/chat/${chat.conversation}/delete-message/${chat.message}` }
    },
  },
  '/brand/:brandKey/chat/new-group': {
    post: (w) => ({
      url: `/brand/${w.brand.key}/chat/new-group`,
      fields: { name: 'Spring drop', members: w.member.key },
    }),
  },
  '/brand/:brandKey/customization': {
    post: (w) => ({
      url: `/brand/${w.brand.key}/customization`,
      fields: { tab: 'landing', layout: 'grid', panel_background_hex: '#112233' },
    }),
  },
  '/brand/:brandKey/customization/image/:slot': {
    post: (w) => ({ url: `/brand/${w.brand.key}/customization/image/logo`, image: true }),
  },
  '/brand/:brandKey/edit': {
    post: (w) => ({
      url: `/brand/${w.brand.key}/edit`,
      fields: { intent: 'profile', name: 'Renamed Brand', legal_name: 'Renamed Brand Ltd' },
    }),
  },
  '/brand/:brandKey/lines/create': {
    post: (w) => ({ url: `/brand/${w.brand.key}/lines/create`, fields: { name: 'Capsule', description: 'Small run' } }),
  },
  '/brand/:brandKey/line/:lineKey/edit': {
    post: (w) => ({
      url: `/brand/${w.brand.key}/line/${w.brand.lines[0]!.key}/edit`,
      fields: { name: 'Renamed Line' },
    }),
  },
  '/brand/:brandKey/line/:lineKey/collections/create': {
    post: (w) => ({
      url: `/brand/${w.brand.key}/line/${w.brand.lines[0]!.key}/collections/create`,
      fields: { name: 'Line Edit', season: 'prefall', year: '2027' },
    }),
  },
  '/brand/:brandKey/collections/create': {
    post: (w) => ({
      url: `/brand/${w.brand.key}/collections/create`,
      fields: { name: 'Winter Edit', season: 'fall_winter', year: '2026' },
    }),
  },
  '/brand/:brandKey/collection/:collectionKey/edit': {
    post: (w) => ({
      url: `/brand/${w.brand.key}/collection/${w.brand.collections[0]!}/edit`,
      fields: { name: 'Renamed Collection', season: 'resort', year: '2028', line: w.brand.lines[0]!.key },
    }),
  },
  '/brands/:key/delete': {
    post: (w) => ({ url: `/brands/${w.brand.key}/delete`, fields: { name: w.brand.name } }),
  },
  '/brands/:key/remove-permissions': {
    async post(w) {
      // The owner may leave only when another owner stays.
      await createMember(portal.deps, [{ brand: w.brand.key, type: 'owner' }], { name: 'Second Owner' })
      return { url: `/brands/${w.brand.key}/remove-permissions` }
    },
  },
  '/brands/:key/restore': {
    async post(w) {
      await portal.deps.db
        .update(brands)
        .set({ archivedAt: new Date(), archivedBy: w.owner.key })
        .where(eq(brands.key, w.brand.key))
      return { url: `/brands/${w.brand.key}/restore` }
    },
  },
  '/brand/:brandKey/notifications': {
    post: (w) => ({ url: `/brand/${w.brand.key}/notifications`, fields: { intent: 'clear-all' } }),
  },
  '/brand/:brandKey/products/listing/:listingKey': {
    async post(w) {
      const listing = await createListing(portal.deps, w.brand.key)
      return {
        url: `/brand/${w.brand.key}/products/listing/${listing.key}?edit=true`,
        fields: { style_name: 'Renamed Tee' },
      }
    },
  },
  '/brand/:brandKey/products/listing/:listingKey/delete': {
    async post(w) {
      const listing = await createListing(portal.deps, w.brand.key)
      return { url: `/brand/${w.brand.key}/products/listing/${listing.key}/delete` }
    },
  },
  '/brand/:brandKey/products/media/manage': {
    async post(w) {
      const listing = await createListing(portal.deps, w.brand.key)
      const photo = await createMedia(portal.deps, w.brand.key)
      return {
        url: `/brand/${w.brand.key}/products/media/manage`,
        fields: { intent: 'attach', media: photo.key, listing: listing.key },
      }
    },
  },
  '/brand/:brandKey/products/media/manage/delete/:mediaKey': {
    async post(w) {
      const photo = await createMedia(portal.deps, w.brand.key)
      return { url: `/brand/${w.brand.key}/products/media/manage/delete/${photo.key}` }
    },
  },
  '/brand/:brandKey/products/share': {
    post: (w) => ({
      url: `/brand/${w.brand.key}/products/share`,
      fields: { line: w.brand.lines[0]!.key, name: 'Shared Person', email: `shared-${w.brand.key}@factory.test` },
    }),
  },
  '/brand/:brandKey/team/add': {
    post: (w) => ({
      url: `/brand/${w.brand.key}/team/add`,
      fields: {
        first_name: 'Newcomer',
        last_name: 'Person',
        email: `newcomer-${w.brand.key}@factory.test`,
        job_type: 'designer',
        lines: w.brand.lines[0]!.key,
        collections: w.brand.collections[0]!,
      },
    }),
  },
  '/brand/:brandKey/team/deactivate/:accountKey': {
    post: (w) => ({ url: `/brand/${w.brand.key}/team/deactivate/${w.member.key}` }),
  },
  '/brand/:brandKey/team/revoke/:inviteKey': {
    post: (w) => ({ url: `/brand/${w.brand.key}/team/revoke/${w.invite.key}` }),
  },
  '/brands/create': { post: () => ({ url: '/brands/create', fields: { name: 'Made By Form' } }) },
  '/invite': {
    post: (w) => ({
      url: '/invite',
      anonymous: true,
      fields: {
        token: w.invite.token,
        email: w.invite.email,
        first: 'Invited',
        last: 'Person',
        password: NEW_PASSWORD,
        confirm: NEW_PASSWORD,
      },
    }),
  },
  // The sign-up page of an invite link under its older address: the same action as /invite.
  '/register': {
    post: (w) => ({
      url: '/register',
      anonymous: true,
      fields: {
        token: w.invite.token,
        email: w.invite.email,
        first: 'Invited',
        last: 'Person',
        password: NEW_PASSWORD,
        confirm: NEW_PASSWORD,
      },
    }),
  },
  '/logout': { post: () => ({ url: '/logout' }) },
  '/notifications/read': { post: () => ({ url: '/notifications/read', fields: { redirectTo: '/brands' } }) },
  '/onboarding': {
    async post(w) {
      await portal.deps.db.update(accounts).set({ status: 'onboarding-personal' }).where(eq(accounts.key, w.owner.key))
      return { url: '/onboarding', fields: { step: 'personal', intent: 'skip', brand: w.brand.key } }
    },
  },
  '/password-reset': {
    post: (w) => ({ url: '/password-reset', anonymous: true, fields: { email: w.owner.email } }),
  },
  '/reset-password': {
    async post(w) {
      await requestPasswordReset(portal.deps, { email: w.owner.email, ip: '127.0.0.7' })
      const code = await latestOobCode(inject('emulatorHost'), portal.projectId, w.owner.email, 'PASSWORD_RESET')
      return {
        url: '/reset-password',
        anonymous: true,
        fields: { code: code!.oobCode, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      }
    },
  },
  '/session/reset': { post: () => ({ url: '/session/reset', fields: { redirectTo: '/brands' } }) },
  '/settings/profile': {
    post: () => ({
      url: '/settings/profile',
      fields: {
        first: 'Changed',
        last: 'Name',
        title: 'Lead',
        department: 'design',
        date_format: 'MM/DD/YYYY',
        language: 'en',
      },
    }),
  },
  '/settings/profile/picture': { post: () => ({ url: '/settings/profile/picture', image: true }) },
  '/settings/security/enroll': {
    post: () => ({ url: '/settings/security/enroll', fields: { intent: 'password', password: FACTORY_PASSWORD } }),
  },
  '/settings/security/password': {
    post: () => ({
      url: '/settings/security/password',
      fields: { old_password: FACTORY_PASSWORD, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    }),
  },
  '/settings/security/sign-out-everywhere': { post: () => ({ url: '/settings/security/sign-out-everywhere' }) },
  '/settings/security/unenroll/:factorId': {
    post: () => ({ url: '/settings/security/unenroll/no-such-factor' }),
    notProvenValid: 'removing a phone needs one enrolled by SMS; tests/e2e/mfa.spec.ts covers the valid case',
  },
}

/** The URL pattern of every route with an action, from the build's route tree, with its route id. */
export function actionRouteIds(build: ServerBuild): Record<string, string> {
  const fullPath = (id: string): string => {
    const route = build.routes[id]!
    const parent = route.parentId ? fullPath(route.parentId) : ''
    return [parent, route.path ?? ''].filter(Boolean).join('/')
  }
  return Object.fromEntries(
    Object.values(build.routes)
      .filter((route) => typeof route.module.action === 'function')
      .map((route) => [`/${fullPath(route.id)}${route.index ? '?index' : ''}`.replace(/^\/\//, '/'), route.id]),
  )
}

/** The URL pattern of every route with an action, from the build's route tree. */
export function actionRoutes(build: ServerBuild): string[] {
  return Object.keys(actionRouteIds(build)).sort()
}

/** A fresh world: a brand, its owner (an admin), a read member, a notification and an open invite. */
export async function makeWorld(): Promise<World> {
  const { deps } = portal
  const brand = await createBrand(deps)
  // Role admin: creating a brand (/brands/create) is for admins.
  const owner = await createMember(deps, [{ brand: brand.key, type: 'owner' }], {
    name: 'Owner',
    fields: { role: 'admin', jobType: 'admin' },
  })
  const member = await createMember(deps, [{ brand: brand.key, type: 'read' }], { name: 'Member' })
  await createNotification(deps, owner.key, { brand: brand.key })
  const invite = await createInvite(deps, brand.key, { createdBy: owner.key })
  return { brand, owner, member, invite }
}

/** A browser's cookies: the session (unless anonymous) and the `__ui` cookie holding the token. */
export async function browserFor(world: World, anonymous: boolean) {
  const jar = new Map<string, string>()
  if (!anonymous) {
    const [name, value] = (await sessionCookieFor(portal, world.owner.email)).split(/=(.*)/s)
    jar.set(name!, value!)
  }
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
  const page = await fetch(`${portal.url}${anonymous ? '/' : '/settings/profile'}`, {
    headers: { cookie: cookie() },
    redirect: 'manual',
  })
  for (const header of page.headers.getSetCookie()) {
    const [pair] = header.split(';')
    const [name, value] = pair!.split(/=(.*)/s)
    jar.set(name!, value!)
  }
  const token = /"csrf":"([^"]+)"/.exec(await page.text())?.[1]
  if (!token || !jar.has('__ui')) throw new Error(`no CSRF token on the page (status ${page.status})`)
  return { cookie, token }
}

// Read when the file is collected, so each action of the build gets its own tests.
export const build = await loadServerBuild()
export let portal: TestPortal
export let png: Buffer

/**
 * Starts this world for the calling test file (its hooks run in that file): files share one
 * module graph per worker, so a hook written at the top of this module would run in the first
 * file only.
 */
export function setUpPageActionWorld() {
  beforeAll(async () => {
    portal = await startTestPortal({ remixBuild: build })
    png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#884422' } })
      .png()
      .toBuffer()
  })
  afterAll(async () => {
    // An accepted upload may still be scanned in the background: let it finish before its folder goes.
    if (portal) await pipelineSettled(portal.deps)
    await portal?.destroy()
  })
}
