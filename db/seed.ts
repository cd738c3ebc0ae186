// The demo workspace: five accounts, Demo Brand with its logo and hero, lines, collections,
// categories, styles, fifty listings with photos and a design team on its SS26 collection, and
// Other Brand for the outsider. Idempotent; `reset` wipes first. Keys are derived from names so
// every process (and README) agrees on them.
import { sql } from 'drizzle-orm'
import { demoKey } from '#app/platform/ids'
import { DEMO_BRAND_KEY, OTHER_BRAND_KEY, demoAccountKey } from './demo-keys'
import { teamGrantLevel } from '#app/features/teams'
import { addGrants } from '#app/platform/access/grants.server'
import { syncListingMedia } from '#app/features/media/index.server'
import { UNMATCHED } from '#app/features/media'
import { seedAtelierReferences } from './seed-atelier-references'
import { seedAtelierSamples } from './seed-atelier-samples'
import { seedAtelierModelSample } from './seed-atelier-3d-sample'
import type { ServiceDeps } from '#app/platform/context.server'
import { seedAtelierMaterials } from './seed-atelier-materials'
import { seedAssetLibrary } from './seed-asset-library'
import { seedAtelierStyle } from './seed-atelier-style'
import {
  ensureImages,
  heroSvg,
  listingMedia,
  logoSvg,
  photoImages,
  type DemoImage,
  type PhotoSpec,
} from './demo-images'
import {
  accounts,
  brands,
  categories,
  collections,
  conversationMembers,
  conversations,
  lines,
  listings,
  media,
  messages,
  notifications,
  styles,
  teamMembers,
  teams,
} from './schema'

export { DEMO_BRAND_KEY, OTHER_BRAND_KEY, demoAccountKey }

export interface DemoAccount {
  id: string
  email: string
  first: string
  last: string
  role: 'admin' | 'user'
  jobType: string
  status: string
  brand: string
  grant: 'owner' | 'editor' | 'read'
  preferredBrand: string | null
  description: string
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    id: 'admin',
    email: 'admin@demo.test',
    first: 'Ada',
    last: 'Admin',
    role: 'admin',
    jobType: 'admin',
    status: 'onboarded',
    brand: DEMO_BRAND_KEY,
    grant: 'owner',
    preferredBrand: DEMO_BRAND_KEY,
    description: 'account role admin, job type admin, owner of Demo Brand',
  },
  {
    id: 'editor',
    email: 'editor@demo.test',
    first: 'Dana',
    last: 'Designer',
    role: 'user',
    jobType: 'designer',
    status: 'onboarded',
    brand: DEMO_BRAND_KEY,
    grant: 'editor',
    preferredBrand: DEMO_BRAND_KEY,
    description: 'job type designer, editor grant on Demo Brand',
  },
  {
    id: 'vsm',
    email: 'vsm@demo.test',
    first: 'Victor',
    last: 'Sample',
    role: 'user',
    jobType: 'vsm',
    status: 'onboarded',
    brand: DEMO_BRAND_KEY,
    grant: 'editor',
    preferredBrand: null,
    description: 'job type vsm, editor grant on Demo Brand',
  },
  {
    id: 'viewer',
    email: 'viewer@demo.test',
    first: 'Mia',
    last: 'Marketing',
    role: 'user',
    jobType: 'marketing',
    status: 'onboarding-personal',
    brand: DEMO_BRAND_KEY,
    grant: 'read',
    preferredBrand: DEMO_BRAND_KEY,
    description: 'job type marketing, read grant on Demo Brand',
  },
  {
    id: 'outsider',
    email: 'outsider@demo.test',
    first: 'Otto',
    last: 'Outsider',
    role: 'admin',
    jobType: 'admin',
    status: 'onboarded',
    brand: OTHER_BRAND_KEY,
    grant: 'owner',
    preferredBrand: OTHER_BRAND_KEY,
    description: 'job type admin, owner of Other Brand only',
  },
]

export const demoFirebaseUid = (id: string) => `demo-${id}`

export const GARMENTS = [
  ['Linen Shirt', 'Tops', 'Linen 100%', 'shirt'],
  ['Pleated Trouser', 'Bottoms', 'Wool 70% Polyester 30%', 'trouser'],
  ['Wrap Dress', 'Dresses', 'Viscose 100%', 'dress'],
  ['Cropped Jacket', 'Outerwear', 'Cotton 98% Elastane 2%', 'jacket'],
  ['Knit Cardigan', 'Knitwear', 'Merino wool 100%', 'cardigan'],
] as const
export const COLOURS = [
  { name: 'Ivory', hexCode: '#f4efe6', pantone: '11-0507 TCX', code: 'IVR' },
  { name: 'Black', hexCode: '#111111', pantone: '19-4005 TCX', code: 'BLK' },
  { name: 'Sage', hexCode: '#9caf88', pantone: '15-6316 TCX', code: 'SGE' },
  { name: 'Navy', hexCode: '#1f2a44', pantone: '19-3923 TCX', code: 'NVY' },
  { name: 'Rust', hexCode: '#b7410e', pantone: '18-1248 TCX', code: 'RST' },
] as const
export const SIZES = ['XS', 'S', 'M', 'L', 'XL'] as const

export const DEMO_COLLECTIONS = [
  { id: 'ss26', name: 'Coastal Light', season: 'spring_summer', year: 2026, line: 'womenswear' },
  { id: 'fw26', name: 'Northern Wool', season: 'fall_winter', year: 2026, line: 'womenswear' },
  { id: 'core', name: 'Core Resort', season: 'resort', year: 2027, line: 'essentials' },
] as const

/** What the i-th demo listing is: garment, colour, size and collection, and so its photos. */
function demoListing(i: number) {
  const garment = GARMENTS[i % GARMENTS.length]!
  const colour = COLOURS[Math.floor(i / GARMENTS.length) % COLOURS.length]!
  const collection = DEMO_COLLECTIONS[i % DEMO_COLLECTIONS.length]!
  const photo: PhotoSpec = { garment: garment[3], colour: colour.hexCode, season: collection.season }
  return { garment, colour, collection, photo }
}
const DEMO_LISTING_COUNT = 50

export const DEMO_LOGO_PATH = `brands/${DEMO_BRAND_KEY}/demo-logo.png`
export const DEMO_HERO_PATH = `brands/${DEMO_BRAND_KEY}/demo-hero.jpg`

/** The demo's pictures: logo, hero and the photos of its listings (db/demo-images.ts). */
export function demoImages(): DemoImage[] {
  const photos = new Map<string, DemoImage>()
  for (let i = 0; i < DEMO_LISTING_COUNT; i++) {
    for (const image of photoImages(DEMO_BRAND_KEY, demoListing(i).photo)) photos.set(image.path, image)
  }
  const heroPieces: PhotoSpec[] = GARMENTS.map((garment, g) => ({
    garment: garment[3],
    colour: COLOURS[(g + 2) % COLOURS.length]!.hexCode,
    season: 'spring_summer',
  }))
  return [
    { path: DEMO_LOGO_PATH, svg: logoSvg },
    { path: DEMO_HERO_PATH, svg: () => heroSvg(heroPieces, 'spring_summer') },
    ...photos.values(),
  ]
}

export async function resetDatabase(deps: ServiceDeps): Promise<void> {
  await deps.db.execute(
    sql`truncate table team_members, teams, invites, notifications, yjs_updates, rate_limits, listings, styles, categories, collections, lines, grants, brands, accounts cascade`,
  )
}

/**
 * Seeds once; later calls only make sure the demo users exist in Firebase (the emulator may be
 * new). `ensureUsers: false` skips Firebase, for when no identity provider is reachable.
 */
export async function seedDemo(
  deps: ServiceDeps,
  options: { reset?: boolean; ensureUsers?: boolean } = {},
): Promise<{ created: boolean }> {
  if (options.reset) await resetDatabase(deps)
  const existing = await deps.db.execute(sql`select 1 from brands where key = ${DEMO_BRAND_KEY}`)
  const created = existing.rows.length === 0
  if (created) await insertDemoData(deps)
  if (created) await seedAtelierStyle(deps.db, DEMO_BRAND_KEY)
  // Every time, not only at creation: a data folder whose files were removed gets them back.
  await ensureImages(deps.blobs, demoImages())
  await seedAtelierReferences(deps)
  await seedAtelierSamples(deps)
  await seedAtelierModelSample(deps)
  await seedAtelierMaterials(deps)
  await seedAssetLibrary(deps)
  if (options.ensureUsers === false) return { created }
  for (const account of DEMO_ACCOUNTS) {
    await deps.identity.ensureUser({
      uid: demoFirebaseUid(account.id),
      email: account.email,
      password: deps.env.DEMO_PASSWORD,
      displayName: `${account.first} ${account.last}`,
    })
  }
  return { created }
}

async function insertDemoData(deps: ServiceDeps): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(accounts)
      .values(
        DEMO_ACCOUNTS.map((a) => ({
          key: demoAccountKey(a.id),
          firebaseUid: demoFirebaseUid(a.id),
          email: a.email,
          name: `${a.first} ${a.last}`,
          first: a.first,
          last: a.last,
          role: a.role,
          jobType: a.jobType,
          status: a.status,
          title: a.jobType === 'admin' ? 'Brand Director' : a.jobType === 'designer' ? 'Senior Designer' : null,
          department: a.jobType === 'marketing' ? 'other' : 'design',
          preferences: { brand: a.preferredBrand },
        })),
      )
      .onConflictDoNothing()
    const defaultTemplate = {
      login: { backgroundColor: '#000000', fontColor: '#ffffff' },
      landing: { backgroundColor: '#000000', fontColor: '#ffffff', layout: 'modal' },
    }
    await tx.insert(brands).values([
      {
        key: DEMO_BRAND_KEY,
        name: 'Demo Brand',
        legalName: 'Demo Brand Ltd',
        yearEstablished: '2012',
        address: {
          street: '12 Atelier Row',
          suite: 'Studio 4',
          city: 'Portland',
          state: 'OR',
          zip: '97205',
          country: 'United States',
          phone: '+1 503 555 0142',
          website: 'https://demo-brand.example',
        },
        contact: {
          first: 'Ada',
          last: 'Admin',
          name: 'Ada Admin',
          title: 'Brand Director',
          email: 'admin@demo.test',
          department: 'design',
          language: 'en',
        },
        template: defaultTemplate,
        assets: {
          logo: { path: DEMO_LOGO_PATH, original: DEMO_LOGO_PATH, progress: 1 },
          hero: { path: DEMO_HERO_PATH, original: DEMO_HERO_PATH, progress: 1 },
        },
        createdBy: demoAccountKey('admin'),
      },
      {
        key: OTHER_BRAND_KEY,
        name: 'Other Brand',
        legalName: 'Other Brand Inc',
        template: defaultTemplate,
        createdBy: demoAccountKey('outsider'),
        modified: new Date(Date.now() - 60_000),
      },
    ])
    await addGrants(
      tx,
      DEMO_ACCOUNTS.map((a) => ({
        key: demoKey(`grant:${a.id}`),
        accountKey: demoAccountKey(a.id),
        brandKey: a.brand,
        model: 'Brand',
        model_id: a.brand,
        type: a.grant,
        // Granted before the team's grants below, so each account's first grant is its brand.
        created: new Date(Date.now() - 60_000),
      })),
    )

    const lineRows = [
      { key: demoKey('line:womenswear'), name: 'Womenswear', description: 'Ready-to-wear for women' },
      { key: demoKey('line:essentials'), name: 'Essentials', description: 'Year-round core pieces' },
    ]
    await tx.insert(lines).values(lineRows.map((l) => ({ ...l, brandKey: DEMO_BRAND_KEY })))
    const collectionRows = DEMO_COLLECTIONS.map((c) => ({
      key: demoKey(`collection:${c.id}`),
      name: c.name,
      season: c.season,
      year: c.year,
      lineKey: demoKey(`line:${c.line}`),
    }))
    await tx.insert(collections).values(collectionRows.map((c) => ({ ...c, brandKey: DEMO_BRAND_KEY })))
    await insertDemoTeam(tx, collectionRows[0]!.key)
    await insertDemoChats(tx)
    const categoryNames = ['Tops', 'Bottoms', 'Dresses', 'Outerwear', 'Knitwear', 'Sustainable']
    await tx
      .insert(categories)
      .values(categoryNames.map((name) => ({ key: demoKey(`category:${name}`), brandKey: DEMO_BRAND_KEY, name })))
    const styleRows = [
      { key: demoKey('style:linen-shirt'), name: 'Linen Shirt', number: 'DB-1001', status: 'in review' },
      { key: demoKey('style:wrap-dress'), name: 'Wrap Dress', number: 'DB-1003', status: 'draft' },
    ]
    await tx
      .insert(styles)
      .values(styleRows.map((s) => ({ ...s, brandKey: DEMO_BRAND_KEY, collectionKey: collectionRows[0]!.key })))

    const listingRows = []
    const photos = new Map<string, Record<string, unknown>>()
    for (let i = 0; i < DEMO_LISTING_COUNT; i++) {
      const shape = demoListing(i)
      const [garment, category, materials] = shape.garment
      const colour = shape.colour
      const size = SIZES[(Math.floor(i / 25) + 1) % SIZES.length]!
      const collection = collectionRows[i % collectionRows.length]!
      const modified = new Date(Date.now() - i * 3_600_000)
      const styleNumber = `DB-${1001 + (i % GARMENTS.length)}`
      const style = styleRows.find((s) => s.number === styleNumber)
      photos.set(demoKey(`listing:${i}`), listingMedia(DEMO_BRAND_KEY, shape.photo, modified))
      listingRows.push({
        key: demoKey(`listing:${i}`),
        brandKey: DEMO_BRAND_KEY,
        listingUniqueId: `${styleNumber}-${colour.code}-${size}`,
        styleKey: style?.key ?? null,
        styleName: garment,
        styleNumber,
        sku: `${styleNumber}-${colour.code}-${size}`,
        upc: String(840000000000 + i * 7919),
        lookNumber: (i % 12) + 1,
        size: { name: size, number: 0, variant: 'regular' },
        sizeDescription: `Size ${size}`,
        color: colour,
        categories: [demoKey(`category:${category}`), ...(i % 4 === 0 ? [demoKey('category:Sustainable')] : [])],
        lineKey: collection.lineKey,
        collectionKey: collection.key,
        department: 'Womens',
        units: 20 + ((i * 13) % 80),
        status: i % 9 === 0 ? 'draft' : 'active',
        addition: i % 10 === 0,
        materials,
        description: `${garment} in ${colour.name.toLowerCase()}, ${materials.toLowerCase()}.`,
        wholesalePrices: [
          { number: 40 + (i % GARMENTS.length) * 15, currency: 'USD' },
          { number: 36 + (i % GARMENTS.length) * 14, currency: 'EUR' },
        ],
        // The photos are media rows (insertDemoMedia); the listing's map is written from them.
        media: {},
        modified,
      })
    }
    await tx.insert(listings).values(listingRows)
    await insertDemoMedia(tx, listingRows, photos)
    await insertDemoNotifications(tx)
  })
}

/**
 * A few notifications for Ada Admin and Dana Designer, so the notification centre and the bell of
 * a fresh demo show what they look like: unread and read, linked and accented segments, one from
 * the product itself. None targets the brand itself, which tests of brand updates count.
 */
async function insertDemoNotifications(tx: Transaction): Promise<void> {
  const base = `/brand/${DEMO_BRAND_KEY}`
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000)
  const style = (name: string) => ({ text: name, url: `${base}/atelier`, accented: true })
  const rows = [
    {
      to: 'admin',
      from: 'editor',
      action: 'asked for your review of',
      targetKind: 'Style',
      targetId: demoKey('style:linen-shirt'),
      segments: [style('Linen Shirt'), 'in Coastal Light'],
      hours: 0.4,
      read: false,
    },
    {
      to: 'admin',
      from: 'vsm',
      action: 'uploaded a virtual sample of',
      targetKind: 'Style',
      targetId: demoKey('style:wrap-dress'),
      segments: [style('Wrap Dress')],
      hours: 3,
      read: false,
    },
    {
      to: 'admin',
      from: 'editor',
      action: 'joined the team of',
      targetKind: 'Collection',
      targetId: demoKey('collection:ss26'),
      segments: [{ text: 'Coastal Light', url: `${base}/collections`, accented: true }],
      hours: 26,
      read: true,
    },
    {
      to: 'editor',
      from: 'admin',
      action: 'added you to the design team of',
      targetKind: 'Collection',
      targetId: demoKey('collection:ss26'),
      segments: [{ text: 'Coastal Light', url: `${base}/collections`, accented: true }],
      hours: 1,
      read: false,
    },
    {
      to: 'editor',
      from: 'vsm',
      action: 'commented on',
      targetKind: 'Style',
      targetId: demoKey('style:linen-shirt'),
      segments: [style('Linen Shirt'), { text: '“Sleeve length looks right now.”' }],
      hours: 5,
      read: true,
    },
    {
      to: 'editor',
      from: null,
      action: 'Onboarding Complete',
      targetKind: 'Account',
      targetId: demoAccountKey('editor'),
      segments: [],
      hours: 72,
      read: true,
    },
  ]
  await tx.insert(notifications).values(
    rows.map((row, index) => ({
      key: demoKey(`notification:${index}`),
      accountKey: demoAccountKey(row.to),
      brandKey: row.from ? DEMO_BRAND_KEY : null,
      actorKey: row.from ? demoAccountKey(row.from) : null,
      action: row.action,
      targetKind: row.targetKind,
      targetId: row.targetId,
      segments: row.segments,
      readAt: row.read ? hoursAgo(row.hours - 0.1) : null,
      created: hoursAgo(row.hours),
    })),
  )
}

type Transaction = Parameters<Parameters<ServiceDeps['db']['transaction']>[0]>[0]

export const DEMO_TEAM_KEY = demoKey('team:ss26-design')
export const DEMO_TEAM_NAME = 'Spring/Summer design team'
export const DEMO_TEAM_MEMBERS = ['editor', 'vsm'] as const

/**
 * The demo listings' photos as media rows, named by the convention (style-number_sku_view), and a
 * few photos in the pool whose names match no listing, as a studio's upload leaves them.
 */
async function insertDemoMedia(
  tx: Transaction,
  listingRows: { key: string; styleNumber: string; sku?: string | null }[],
  photos: Map<string, Record<string, unknown>>,
): Promise<void> {
  const rows: (typeof media.$inferInsert)[] = []
  for (const listing of listingRows) {
    for (const [shot, value] of Object.entries(photos.get(listing.key) ?? {})) {
      const item = value as { path: string; position: number }
      rows.push({
        key: demoKey(`media:${listing.key}:${shot}`),
        brandKey: DEMO_BRAND_KEY,
        name: `${listing.styleNumber}_${listing.sku}_${shot}.jpg`,
        path: item.path,
        listingKey: listing.key,
        shot,
        position: item.position,
      })
    }
  }
  // Pool photos reuse drawn pictures: a reshoot under an unknown style number, a campaign shot.
  const spare = [...photos.values()].slice(-4).map((map) => (map.front as { path: string }).path)
  const pool: [name: string, shot: string, reason: string][] = [
    ['DB-1090_DB-1090-SND-M_front.jpg', 'front', UNMATCHED.style('DB-1090')],
    ['DB-1001_DB-1001-XXX-M_back.jpg', 'back', UNMATCHED.sku('DB-1001-XXX-M', 'DB-1001')],
    ['campaign-ss26-look-03.jpg', 'campaign-ss26-look-03', UNMATCHED.pattern],
    ['DB-1004_DB-1004-IVR-XXL_detail.jpg', 'detail', UNMATCHED.sku('DB-1004-IVR-XXL', 'DB-1004')],
  ]
  pool.forEach(([name, shot, reason], i) =>
    rows.push({
      key: demoKey(`media:pool:${i}`),
      brandKey: DEMO_BRAND_KEY,
      name,
      path: spare[i % spare.length]!,
      shot,
      unmatched: reason,
      created: new Date(Date.now() - (i + 1) * 3_600_000),
    }),
  )
  await tx.insert(media).values(rows)
  await syncListingMedia(
    tx,
    listingRows.map((listing) => listing.key),
  )
}

/**
 * A design team on the SS26 collection with the designer and the virtual-sample maker, so Manage
 * Team shows a team summary row. Like a team made on Manage Team, it hands its members access to
 * the collection at the level of its job type.
 */
async function insertDemoTeam(tx: Transaction, collectionKey: string): Promise<void> {
  const teamGrant = { model: 'Collection', model_id: collectionKey, type: teamGrantLevel('designer') }
  await tx.insert(teams).values({
    key: DEMO_TEAM_KEY,
    brandKey: DEMO_BRAND_KEY,
    name: DEMO_TEAM_NAME,
    description: 'Designs and virtual samples of Coastal Light',
    model: 'Collection',
    modelId: collectionKey,
    grants: [teamGrant],
    accountJobType: 'designer',
  })
  await tx.insert(teamMembers).values(
    DEMO_TEAM_MEMBERS.map((id) => ({
      teamKey: DEMO_TEAM_KEY,
      accountKey: demoAccountKey(id),
      brandKey: DEMO_BRAND_KEY,
    })),
  )
  await addGrants(
    tx,
    DEMO_TEAM_MEMBERS.map((id) => ({
      key: demoKey(`grant:team-ss26:${id}`),
      accountKey: demoAccountKey(id),
      brandKey: DEMO_BRAND_KEY,
      model: teamGrant.model,
      model_id: teamGrant.model_id,
      type: teamGrant.type,
    })),
  )
}

/** The demo direct chat between the designer and the virtual-sample maker, and a group chat. */
export const DEMO_DIRECT_CHAT_KEY = demoKey('conversation:dana-victor')
export const DEMO_GROUP_CHAT_KEY = demoKey('conversation:fit-review')

async function insertDemoChats(tx: Transaction): Promise<void> {
  const [dana, victor, ada, mia] = ['editor', 'vsm', 'admin', 'viewer'].map(demoAccountKey) as [
    string,
    string,
    string,
    string,
  ]
  await tx.insert(conversations).values([
    {
      key: DEMO_DIRECT_CHAT_KEY,
      brandKey: DEMO_BRAND_KEY,
      kind: 'direct',
      pairKey: [dana, victor].sort().join(':'),
      createdBy: dana,
    },
    {
      key: DEMO_GROUP_CHAT_KEY,
      brandKey: DEMO_BRAND_KEY,
      kind: 'group',
      name: 'Coastal Light fit review',
      createdBy: ada,
    },
  ])
  // Each message an hour after the one before, ending two hours ago, so times read naturally.
  const script: [string, string, string][] = [
    [DEMO_DIRECT_CHAT_KEY, dana, 'Morning! The Linen Shirt sample is in, can you check the collar roll?'],
    [DEMO_DIRECT_CHAT_KEY, victor, 'On it. The collar stand looks 2 mm too high in the 3D fit.'],
    [DEMO_DIRECT_CHAT_KEY, dana, 'Agreed. Lower it and send me a new render when you can.'],
    [DEMO_GROUP_CHAT_KEY, ada, 'Fit review for Coastal Light is Thursday at 10. Samples by Wednesday please.'],
    [DEMO_GROUP_CHAT_KEY, victor, 'Wrap Dress and Cropped Jacket renders will be ready Tuesday.'],
    [DEMO_GROUP_CHAT_KEY, mia, 'Could we get flat lays of the Linen Shirt for the lookbook too?'],
  ]
  const start = Date.now() - (script.length + 1) * 3_600_000
  await tx.insert(messages).values(
    script.map(([conversationKey, senderKey, text], index) => ({
      key: demoKey(`message:${index}`),
      conversationKey,
      brandKey: DEMO_BRAND_KEY,
      senderKey,
      text,
      created: new Date(start + index * 3_600_000),
    })),
  )
  await tx.insert(conversationMembers).values([
    { conversationKey: DEMO_DIRECT_CHAT_KEY, accountKey: dana, brandKey: DEMO_BRAND_KEY },
    { conversationKey: DEMO_DIRECT_CHAT_KEY, accountKey: victor, brandKey: DEMO_BRAND_KEY },
    ...[ada, dana, victor, mia].map((accountKey) => ({
      conversationKey: DEMO_GROUP_CHAT_KEY,
      accountKey,
      brandKey: DEMO_BRAND_KEY,
    })),
  ])
}
