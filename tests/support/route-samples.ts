// The JSON API's routes as the access walk (tests/integration/platform/route-walk.test.ts) and the random
// input walk (tests/integration/platform/fuzz-every-entry.test.ts) call them: a sample per route of the
// router's list, with a probe that names real records of a brand and a body that would otherwise
// be valid, and the records of Demo Brand those probes name.
import { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import { accounts, collections, lines } from '#db/schema'
import { startImport } from '#app/features/imports/imports.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { DEMO_BRAND_KEY, DEMO_TEAM_KEY, demoAccountKey } from '#seed/seed'
import { demoKey } from '#app/platform/ids'
import type { Endpoint } from '#app/platform/api/endpoint.server'
import type { ApiAnswer } from '#tests/support/portal'
import {
  actorOf,
  createDirectChat,
  createInvite,
  createNotification,
  createReference,
  createStyle,
} from '#tests/support/factories'
import { createFile } from '#tests/support/file-factories'
import { createMedia } from '#tests/support/media-factories'
import { createFolder, createPattern } from '#tests/support/atelier-factories'
import { createMaterial, createMaterialImage } from '#tests/support/material-factories'
import { createBucketWithFile } from '#tests/support/asset-factories'

/** Objects of one brand the callers below must not reach. */
export interface Targets {
  brand: string
  line: string
  collection: string
  team: string
  invite: { key: string; token: string }
  /** A member of the brand (on `team`), not the caller. */
  account: string
  /** An unread notification of `account`. */
  notification: string
  /** The target of that notification. */
  notificationTarget: string
  /** A reference of the atelier. */
  reference: string
  /** A style, whose comment thread the callers must neither read nor write. */
  style: string
  /** A pattern and a folder of the atelier on `style`. */
  pattern: string
  folder: string
  /** A direct chat between `account` and another member, and the message `account` sent in it. */
  conversation: string
  message: string
  /** A listing of the brand (of `style`, in the first line). */
  listing: string
  /** An earlier spreadsheet upload of the brand (History). */
  spreadsheet: string
  /** An uploaded product photo of the brand (by `account`). */
  file: string
  /** A product photo in the brand's pool, and one on `listing`. */
  media: string
  attachedMedia: string
  /** A material on `style`, and a clean material picture of the brand. */
  material: string
  materialImage: string
  /** The brand's asset library, holding the default folders and `Branding/logo.png`. */
  bucket: string
  /** A clean library upload of `account`, not yet in a folder. */
  libraryUpload: string
}

export interface Probe {
  /** After /api/, with its query. */
  path: string
  body?: unknown
  /** Send the body as multipart form data with a small PNG as `file`. */
  image?: boolean
}

export interface Sample {
  /**
   * Why the route has nothing of another account to refuse: public calls, and calls that only
   * ever read or change the caller's own data (still refused without a session when auth is on).
   */
  own?: string
  probe?: (t: Targets) => Probe
  /** Why a read member may make this write (it records what reading did); outsiders are still walked. */
  readersMay?: string
  /** Another answer that still refuses: it must reveal and change nothing. */
  alsoRefused?: (answer: ApiAnswer) => boolean
}

export const routeId = (endpoint: Pick<Endpoint, 'verb' | 'path'>) =>
  `${endpoint.verb} ${endpoint.path.replace(/\/+$/, '')}`
export const isWrite = (endpoint: Endpoint) => endpoint.verb !== 'GET' || Boolean(endpoint.changesState)
const emptyList = (answer: ApiAnswer) =>
  answer.status === 200 && Array.isArray(answer.body.data) && !answer.body.data.length

export const SAMPLES: Record<string, Sample> = {
  'GET app/method/check_version': { own: 'public: the API version' },
  'POST account/method/login': { own: 'public: signs in with a password or syncs a bearer token' },
  'POST activity/method/:key': {
    probe: (t) => ({ path: 'activity/method/reference-downloaded', body: { reference: t.reference } }),
    readersMay: 'records that a member who may view the brand downloaded one of its references',
  },
  'POST account/method/idTokenFromRefreshToken': {
    own: "public: exchanges the caller's own refresh token for an ID token of that same account",
  },
  'GET permission/query/grantee': { own: "the caller's own grants" },
  'GET brand/query/user': { own: "the caller's own brands" },
  'POST brand/model': { own: 'creates a new brand owned by the caller' },
  'GET brand/model/:key': { probe: (t) => ({ path: `brand/model/${t.brand}` }) },
  'PUT brand/model/:key': { probe: (t) => ({ path: `brand/model/${t.brand}`, body: { legal_name: 'Taken Over' } }) },
  'DELETE brand/model/:key': { probe: (t) => ({ path: `brand/model/${t.brand}`, body: { name: 'Anything' } }) },
  'GET brand/query/archived': { own: "archived brands the caller owns: the caller's own grants" },
  'POST brand/method/restore': { probe: (t) => ({ path: 'brand/method/restore', body: { key: t.brand } }) },
  'POST brand/method/remove_permissions': {
    probe: (t) => ({ path: 'brand/method/remove_permissions', body: { key: t.brand } }),
    readersMay: "an admin may give up their own grants on a brand, a read grant included; no one else's change",
  },
  'GET notification/method/notifications_flat': { own: "the caller's own notifications" },
  'POST notification/method/mark_read': {
    probe: (t) => ({ path: 'notification/method/mark_read', body: { key: t.notification } }),
    // Marking is scoped to the caller: another account's notification is simply not among them.
    alsoRefused: (answer) => answer.status === 200 && (answer.body.data as { updated: number }).updated === 0,
  },
  'POST notification/method/mark_read_all': { own: "marks the caller's own notifications" },
  'POST notification/method/clear': {
    probe: (t) => ({ path: 'notification/method/clear', body: { targetId: t.notificationTarget } }),
    // Clearing is scoped to the caller: another account's notifications are simply not among them.
    alsoRefused: (answer) => answer.status === 200 && (answer.body.data as { cleared: number }).cleared === 0,
  },
  'POST notification/method/clear_all': { own: "clears the caller's own notifications" },
  'GET account/model/:key': { probe: (t) => ({ path: `account/model/${t.account}` }) },
  'PUT account/model/:key': { probe: (t) => ({ path: `account/model/${t.account}`, body: { title: 'Taken Over' } }) },
  'GET brand/method/branding': { probe: (t) => ({ path: `brand/method/branding?brand=${t.brand}` }) },
  'PUT brand/method/branding': {
    probe: (t) => ({ path: 'brand/method/branding', body: { brand: t.brand, login: { backgroundColor: '#112233' } } }),
  },
  'POST brand/method/image': {
    probe: (t) => ({ path: `brand/method/image?brand=${t.brand}&slot=logo`, image: true }),
  },
  'POST brand/method/image_reset': {
    probe: (t) => ({ path: 'brand/method/image_reset', body: { brand: t.brand, slot: 'logo' } }),
  },
  'GET account/method/profile_picture': { own: "the caller's own picture" },
  'POST account/method/profile_picture': { own: "sets the caller's own picture" },
  'POST account/method/recaptcha': { own: 'public: the human check of the login screen' },
  'GET account/method/altcha_challenge': { own: 'public: the human check of the login screen' },
  'POST invite/model': {
    probe: (t) => ({
      path: 'invite/model',
      body: { brand: t.brand, email: 'walk-invitee@walk.test', first_name: 'Walk', job_type: 'designer' },
    }),
  },
  'POST invite/method/email': { probe: (t) => ({ path: 'invite/method/email', body: { key: t.invite.key } }) },
  'GET invite/query/brand': { probe: (t) => ({ path: `invite/query/brand?brand=${t.brand}` }) },
  'GET invite/query/brand_teams': { probe: (t) => ({ path: `invite/query/brand_teams?brand=${t.brand}` }) },
  'GET invite/query/team': { probe: (t) => ({ path: `invite/query/team?team=${t.team}` }) },
  'GET invite/query/model': { probe: (t) => ({ path: `invite/query/model?model=Line&model_id=${t.line}` }) },
  'DELETE invite/model/:key': { probe: (t) => ({ path: `invite/model/${t.invite.key}`, body: { brand: t.brand } }) },
  'GET invite/method/parse': { own: 'public: the token is the secret' },
  'GET app/method/accept_invite': { probe: (t) => ({ path: `app/method/accept_invite?token=${t.invite.token}` }) },
  'POST account/method/signup': { own: 'public: sign-up with an invite token' },
  'POST account/method/checkpwned': { own: 'public: the breach check by k-anonymity' },
  'GET account/query/brand': { probe: (t) => ({ path: `account/query/brand?brand=${t.brand}` }) },
  'GET account/query/team': { probe: (t) => ({ path: `account/query/team?team=${t.team}` }) },
  'GET team/query/brand': { probe: (t) => ({ path: `team/query/brand?brand=${t.brand}` }) },
  'GET listing/query/filter': {
    probe: (t) => ({ path: `listing/query/filter?brand=${t.brand}&lines=${t.line}&search=a` }),
  },
  'POST listing/method/remove': {
    probe: (t) => ({ path: 'listing/method/remove', body: { brand: t.brand, keys: t.listing } }),
  },
  'GET category/query/brand': { probe: (t) => ({ path: `category/query/brand?brand=${t.brand}` }) },
  'GET style/query/brand': { probe: (t) => ({ path: `style/query/brand?brand=${t.brand}` }) },
  'GET team/query/model': { probe: (t) => ({ path: `team/query/model?model=Collection&model_id=${t.collection}` }) },
  'GET team/query/accounts': {
    probe: (t) => ({ path: `team/query/accounts?account=${t.account}` }),
    // The list shows only teams of brands the caller owns: none of the target's.
    alsoRefused: emptyList,
  },
  'POST team/model': {
    probe: (t) => ({
      path: 'team/model',
      body: { name: 'Walk Team', model: 'Line', model_id: t.line, account_job_type: 'designer' },
    }),
  },
  'POST team/method/set_team': {
    probe: (t) => ({ path: 'team/method/set_team', body: { team: t.team, account: t.account } }),
  },
  'GET team/method/brand_contacts': { probe: (t) => ({ path: `team/method/brand_contacts?brand=${t.brand}` }) },
  'POST team/method/remove_member': {
    probe: (t) => ({ path: 'team/method/remove_member', body: { team: t.team, account: t.account } }),
  },
  'GET message/query/style': { probe: (t) => ({ path: `message/query/style?style=${t.style}` }) },
  'GET message/query/object': { probe: (t) => ({ path: `message/query/object?model=Style&model_id=${t.style}` }) },
  'GET message/query/conversation': {
    probe: (t) => ({ path: `message/query/conversation?conversation=${t.conversation}` }),
  },
  'POST message/model': {
    // A read member may chat, but not in a conversation of others; the thread probe is below.
    probe: (t) => ({ path: 'message/model', body: { conversation: t.conversation, text: 'Taken over' } }),
  },
  'DELETE message/model/:key': { probe: (t) => ({ path: `message/model/${t.message}` }) },
  'GET conversation/query/brand': { probe: (t) => ({ path: `conversation/query/brand?brand=${t.brand}` }) },
  'GET conversation/method/unread': { probe: (t) => ({ path: `conversation/method/unread?brand=${t.brand}` }) },
  'POST conversation/method/direct': {
    probe: (t) => ({ path: 'conversation/method/direct', body: { brand: t.brand, account: t.account } }),
    readersMay: 'a member of the brand, read access included, may write to another member',
  },
  'POST conversation/method/group': {
    probe: (t) => ({ path: 'conversation/method/group', body: { brand: t.brand, name: 'Walk', members: [t.account] } }),
    readersMay: 'a member of the brand, read access included, may start a group chat with members',
  },
  'POST conversation/method/mark_read': {
    probe: (t) => ({ path: 'conversation/method/mark_read', body: { conversation: t.conversation } }),
  },
  'DELETE conversation/model/:key': { probe: (t) => ({ path: `conversation/model/${t.conversation}` }) },
  'POST line/model': { probe: (t) => ({ path: 'line/model', body: { name: 'Walk Line', brand: t.brand } }) },
  'PUT line/model/:key': { probe: (t) => ({ path: `line/model/${t.line}`, body: { name: 'Taken Over' } }) },
  'GET line/query/brand': { probe: (t) => ({ path: `line/query/brand?brand=${t.brand}&cursor=0` }) },
  'POST collection/model': {
    probe: (t) => ({
      path: 'collection/model',
      body: { name: 'Walk Collection', season: 'resort', year: 2026, brand: t.brand, line: t.line },
    }),
  },
  'PUT collection/model/:key': {
    probe: (t) => ({ path: `collection/model/${t.collection}`, body: { name: 'Taken Over', year: 2030 } }),
  },
  'GET collection/query/brand': { probe: (t) => ({ path: `collection/query/brand?brand=${t.brand}&cursor=0` }) },
  'GET collection/query/line': { probe: (t) => ({ path: `collection/query/line?line=${t.line}` }) },
  'GET listing/model/:key': { probe: (t) => ({ path: `listing/model/${t.listing}` }) },
  'PUT listing/model/:key': {
    probe: (t) => ({ path: `listing/model/${t.listing}`, body: { style_name: 'Taken Over', brand: t.brand } }),
  },
  'DELETE listing/model/:key': { probe: (t) => ({ path: `listing/model/${t.listing}`, body: { brand: t.brand } }) },
  'GET style/model/:key': { probe: (t) => ({ path: `style/model/${t.style}` }) },
  'PUT style/model/:key': {
    probe: (t) => ({ path: `style/model/${t.style}`, body: { status_patterns: 'notapplicable', tags: ['walk'] } }),
  },
  'GET product/model/:key': { probe: (t) => ({ path: `product/model/${t.style}` }) },
  'POST listing/method/batch': {
    probe: (t) => ({
      path: 'listing/method/batch',
      body: {
        brand: t.brand,
        filename: 'walk.csv',
        spreadsheet: 'Listing Unique Id,Style Name,Style Number\nWALK-1,Walk Shirt,WS-1\n',
      },
    }),
  },
  'GET parsedspreadsheets/query/brand': { probe: (t) => ({ path: `parsedspreadsheets/query/brand?brand=${t.brand}` }) },
  'GET parsedspreadsheets/method/download': {
    probe: (t) => ({ path: `parsedspreadsheets/method/download?key=${t.spreadsheet}` }),
  },
  'GET parsedspreadsheets/query/changes': {
    probe: (t) => ({ path: `parsedspreadsheets/query/changes?key=${t.spreadsheet}&list=created` }),
  },
  'POST file/method/upload': {
    probe: (t) => ({ path: `file/method/upload?brand=${t.brand}&purpose=listing-media`, image: true }),
  },
  'GET file/model/:key': { probe: (t) => ({ path: `file/model/${t.file}` }) },
  'GET media/query/brand': { probe: (t) => ({ path: `media/query/brand?brand=${t.brand}` }) },
  'POST media/method/batch': {
    probe: (t) => ({ path: 'media/method/batch', body: { brand: t.brand, names: ['WALK-1_WALK-1-S_front.jpg'] } }),
  },
  'POST media/method/attach': {
    probe: (t) => ({ path: 'media/method/attach', body: { brand: t.brand, media: t.media, listing: t.listing } }),
  },
  'POST media/method/detach': {
    probe: (t) => ({ path: 'media/method/detach', body: { brand: t.brand, media: t.attachedMedia } }),
  },
  'POST media/method/positions': {
    probe: (t) => ({ path: 'media/method/positions', body: { keys: t.attachedMedia, positions: '7' } }),
  },
  'DELETE media/model/:key': { probe: (t) => ({ path: `media/model/${t.media}` }) },
  'GET reference/query/style': { probe: (t) => ({ path: `reference/query/style?style=${t.style}` }) },
  'GET reference/query/model': { probe: (t) => ({ path: `reference/query/model?model=Style&model_id=${t.style}` }) },
  'GET reference/model/:key': { probe: (t) => ({ path: `reference/model/${t.reference}` }) },
  'POST reference/model': {
    probe: (t) => ({ path: 'reference/model', body: { brand: t.brand, style: t.style, type: 'folder', name: 'Walk' } }),
  },
  'PUT reference/model/:key': {
    probe: (t) => ({ path: `reference/model/${t.reference}`, body: { name: 'Taken Over' } }),
  },
  'DELETE reference/model/:key': { probe: (t) => ({ path: `reference/model/${t.folder}` }) },
  'POST reference/method/update_positions': {
    probe: (t) => ({ path: 'reference/method/update_positions', body: { positions: `${t.folder}:3` } }),
  },
  'POST pragma/method/clone_ref': {
    probe: (t) => ({ path: 'pragma/method/clone_ref', body: { reference: t.reference } }),
  },
  'PUT asset/model/:key': { probe: (t) => ({ path: `asset/model/${t.reference}`, body: { asset_type: 'print' } }) },
  'POST pattern/model': { probe: (t) => ({ path: 'pattern/model', body: { style: t.style, name: 'Walk block' } }) },
  'PUT pattern/model/:key': { probe: (t) => ({ path: `pattern/model/${t.pattern}`, body: { name: 'Taken Over' } }) },
  'GET pattern/model/:key': { probe: (t) => ({ path: `pattern/model/${t.pattern}` }) },
  'GET pattern/query/style': { probe: (t) => ({ path: `pattern/query/style?style=${t.style}` }) },
  'POST techpack': { probe: (t) => ({ path: 'techpack', body: { brand: t.brand, style: t.style, name: 'Walk' } }) },
  'POST techpack/model': { probe: (t) => ({ path: 'techpack/model', body: { style: t.style, name: 'Walk' } }) },
  'GET techpack/query/style': { probe: (t) => ({ path: `techpack/query/style?style=${t.style}` }) },
  'POST graphics': { probe: (t) => ({ path: 'graphics', body: { brand: t.brand, style: t.style, name: 'Walk' } }) },
  'POST graphics/model': { probe: (t) => ({ path: 'graphics/model', body: { style: t.style, name: 'Walk' } }) },
  'GET graphics/query/style': { probe: (t) => ({ path: `graphics/query/style?style=${t.style}` }) },
  'GET material/query/style': { probe: (t) => ({ path: `material/query/style?style=${t.style}` }) },
  'GET material/query/brand': { probe: (t) => ({ path: `material/query/brand?brand=${t.brand}` }) },
  'POST material/model': {
    probe: (t) => ({
      path: 'material/model',
      body: {
        brand: t.brand,
        styles: t.style,
        type: 'fabric',
        name: 'Walk twill',
        colors: JSON.stringify([{ name: 'front', hexcode: '#0F4C81', pantone: '19-4052 TCX' }]),
        assets: { front: t.materialImage },
      },
    }),
  },
  'PUT material/model/:key': {
    probe: (t) => ({ path: `material/model/${t.material}`, body: { name: 'Taken Over', colors: '[]' } }),
  },
  'GET bucket/query/brand': { probe: (t) => ({ path: `bucket/query/brand?brand=${t.brand}` }) },
  'POST bucket/model': { probe: (t) => ({ path: 'bucket/model', body: { brand: t.brand, name: 'Walk' } }) },
  'GET bucket/method/get_folder': { probe: (t) => ({ path: `bucket/method/get_folder?bucket=${t.bucket}&prefix=` }) },
  'POST bucket/method/create_folder': {
    probe: (t) => ({ path: 'bucket/method/create_folder', body: { bucket: t.bucket, prefix: '', name: 'Walk' } }),
  },
  'POST bucket/method/add_files': {
    probe: (t) => ({
      path: 'bucket/method/add_files',
      body: { bucket: t.bucket, prefix: '', files: [t.libraryUpload] },
    }),
  },
  'POST bucket/method/remove_folder': {
    probe: (t) => ({ path: 'bucket/method/remove_folder', body: { bucket: t.bucket, path: 'Blocks/' } }),
  },
  'POST bucket/method/remove_file': {
    probe: (t) => ({ path: 'bucket/method/remove_file', body: { bucket: t.bucket, path: 'Branding/logo.png' } }),
  },
  'POST bucket/method/update_file': {
    probe: (t) => ({
      path: 'bucket/method/update_file',
      body: { bucket: t.bucket, path: 'Blocks/', new_path: 'Taken/' },
    }),
  },
  'POST brand/method/remove_team_member': {
    probe: (t) => ({ path: 'brand/method/remove_team_member', body: { brand: t.brand, account: t.account } }),
  },
}

/** A spreadsheet upload of a brand by one of its owners, as History lists it. */
export async function uploadedSpreadsheet(deps: ServiceDeps, brandKey: string, ownerKey: string): Promise<string> {
  const [owner] = await deps.db.select().from(accounts).where(eq(accounts.key, ownerKey))
  const actor = await actorOf(deps, { uid: owner!.firebaseUid, email: owner!.email })
  const csv = 'Listing Unique Id,Style Name,Style Number\nUP-1,Uploaded Shirt,US-1\n'
  const view = await startImport(
    deps,
    actor,
    { brandKey },
    {
      filename: 'walk-upload.csv',
      addition: false,
      body: Readable.from([Buffer.from(csv)]),
    },
  )
  return view.key
}

/** The records of Demo Brand the probes name: its own line, collection, team and the designer on it; an invite and a notification. */
export async function demoTargets(deps: ServiceDeps): Promise<Targets> {
  const made = await createNotification(deps, demoAccountKey('editor'), { brand: DEMO_BRAND_KEY })
  const [demoCollection] = await deps.db.select().from(collections).where(eq(collections.brandKey, DEMO_BRAND_KEY))
  const [demoLine] = await deps.db.select().from(lines).where(eq(lines.brandKey, DEMO_BRAND_KEY))
  const demoInvite = await createInvite(deps, DEMO_BRAND_KEY, { createdBy: demoAccountKey('admin') })
  const demoStyle = await createStyle(deps, DEMO_BRAND_KEY)
  const demo: Targets = {
    brand: DEMO_BRAND_KEY,
    line: demoLine!.key,
    collection: demoCollection!.key,
    team: DEMO_TEAM_KEY,
    invite: demoInvite,
    account: demoAccountKey('editor'),
    notification: made.key,
    notificationTarget: made.targetId,
    reference: await createReference(deps, DEMO_BRAND_KEY),
    style: demoStyle,
    pattern: await createPattern(deps, DEMO_BRAND_KEY, demoStyle),
    folder: await createFolder(deps, DEMO_BRAND_KEY, demoStyle),
    ...(await createDirectChat(deps, DEMO_BRAND_KEY, [demoAccountKey('editor'), demoAccountKey('admin')])),
    listing: demoKey('listing:0'),
    spreadsheet: await uploadedSpreadsheet(deps, DEMO_BRAND_KEY, demoAccountKey('admin')),
    file: await createFile(deps, DEMO_BRAND_KEY, demoAccountKey('editor')),
    media: (await createMedia(deps, DEMO_BRAND_KEY)).key,
    attachedMedia: (await createMedia(deps, DEMO_BRAND_KEY, { listingKey: demoKey('listing:0'), position: 9 })).key,
    material: '',
    materialImage: await createMaterialImage(deps, DEMO_BRAND_KEY),
    bucket: await createBucketWithFile(deps, DEMO_BRAND_KEY, demoAccountKey('admin')),
    libraryUpload: await createFile(deps, DEMO_BRAND_KEY, demoAccountKey('editor'), {
      purpose: 'asset-library',
      status: 'available',
    }),
  }
  demo.material = await createMaterial(deps, DEMO_BRAND_KEY, [demo.style])
  return demo
}
