// Seeding the demo: resetting the database, and the accounts, brands, catalogue and atelier in one
// go, once.
import { addGrants } from '#app/platform/access/grants.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { demoKey } from '#app/platform/ids'
import { sql } from 'drizzle-orm'
import { DEMO_ACCOUNTS, demoFirebaseUid } from './demo-accounts'
import {
  DEMO_COLLECTIONS,
  DEMO_HERO_PATH,
  DEMO_LISTING_COUNT,
  DEMO_LOGO_PATH,
  GARMENTS,
  SIZES,
  demoImages,
  demoListing,
} from './demo-catalogue'
import { ensureImages, listingMedia } from './demo-images'
import { DEMO_BRAND_KEY, OTHER_BRAND_KEY, demoAccountKey } from './demo-keys'
import { accounts, brands, categories, collections, lines, listings, styles } from '#db/schema'
import { seedAssetLibrary } from './seed-asset-library'
import { seedAtelierModelSample } from './seed-atelier-3d-sample'
import { seedAtelierMaterials } from './seed-atelier-materials'
import { seedAtelierReferences } from './seed-atelier-references'
import { seedAtelierSamples } from './seed-atelier-samples'
import { seedDemoReviewRound } from './seed-review-round'
import { seedAtelierStyle } from './seed-atelier-style'
import { insertDemoNotifications } from './seed-notifications'
import { insertDemoChats, insertDemoMedia, insertDemoTeam } from './seed-team-and-chats'

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
  await seedDemoReviewRound(deps)
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
