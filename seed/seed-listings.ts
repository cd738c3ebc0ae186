// `npm run seed -- --listings N`: fills a brand (Demo Brand by default) up to N listings, for the
// catalogue benchmark and for trying the products list at the size brands have. The catalogue it
// writes looks like a real one: six lines of four collections, twelve categories, a style per
// 25 listings (five colours in five sizes), prices, units, statuses and the demo photos.
//
// Rows are made by the database itself (generate_series), a batch per statement, so 100,000
// listings take seconds, not minutes. Idempotent: keys derive from the brand and the row's
// number, so a second run with the same N changes nothing, a smaller N removes the extra rows.
import { sql } from 'drizzle-orm'
import { demoKey } from '#app/platform/ids'
import type { Database } from '#db/client'
import { listingMedia, photoImages, type DemoImage, type PhotoSpec, type Season } from './demo-images'
import { COLOURS, GARMENTS, SIZES } from './seed'

/** Listings per style: every colour in every size. */
const PER_STYLE = COLOURS.length * SIZES.length
const BATCH = 10_000
/** Generated listings have style numbers DB-20000 to DB-29999: at most 250,000 of them. */
export const MAX_GENERATED = 10_000 * PER_STYLE
const GENERATED_PATTERN = 'DB-2____-%'

const LINES = ['Womenswear', 'Essentials', 'Menswear', 'Denim', 'Active', 'Accessories'] as const
const SEASONS: { season: Season; label: string }[] = [
  { season: 'spring_summer', label: 'Spring/Summer' },
  { season: 'fall_winter', label: 'Fall/Winter' },
  { season: 'resort', label: 'Resort' },
]
const COLLECTION_NAMES = [
  'Coastal Light',
  'Northern Wool',
  'Core Resort',
  'Salt Flats',
  'Harbour Grey',
  'Dune',
  'Orchard',
  'Slate',
  'Riviera',
  'Meadow',
  'Atlas',
  'Ember',
]
const EXTRA_CATEGORIES = ['Shirts', 'Denim', 'Jersey', 'Swim', 'Tailoring', 'Accessories'] as const
const ADJECTIVES = [
  'Relaxed',
  'Tailored',
  'Boxy',
  'Fitted',
  'Oversized',
  'Classic',
  'Soft',
  'Utility',
  'Summer',
  'Everyday',
  'Studio',
  'Travel',
] as const
const COLLECTIONS_PER_LINE = 4

const bulkKey = (brandKey: string, what: string) => demoKey(`bulk:${brandKey}:${what}`)

export interface BulkStructure {
  lines: { key: string; name: string }[]
  collections: { key: string; name: string; lineKey: string; season: Season; year: number }[]
  categories: Record<string, string>
}

/** The lines, collections and categories the generated listings are spread over. */
export function bulkStructure(brandKey: string): BulkStructure {
  const lines = LINES.map((name) => ({ key: bulkKey(brandKey, `line:${name}`), name }))
  const collections = lines.flatMap((line, l) =>
    Array.from({ length: COLLECTIONS_PER_LINE }, (_, c) => {
      const { season } = SEASONS[(l + c) % SEASONS.length]!
      const index = l * COLLECTIONS_PER_LINE + c
      return {
        key: bulkKey(brandKey, `collection:${line.name}:${c}`),
        name: `${line.name} ${COLLECTION_NAMES[index % COLLECTION_NAMES.length]}`,
        lineKey: line.key,
        season,
        year: 2025 + (c % 3),
      }
    }),
  )
  const names = [...new Set([...GARMENTS.map((g) => g[1]), 'Sustainable', ...EXTRA_CATEGORIES])]
  const categories = Object.fromEntries(names.map((name) => [name, bulkKey(brandKey, `category:${name}`)]))
  return { lines, collections, categories }
}

/** The photos the generated listings point at: every garment in every colour and season. */
export function bulkImages(brandKey: string): DemoImage[] {
  return GARMENTS.flatMap((garment) =>
    COLOURS.flatMap((colour) =>
      SEASONS.flatMap(({ season }) => photoImages(brandKey, { garment: garment[3], colour: colour.hexCode, season })),
    ),
  ).filter((image, index, all) => all.findIndex((other) => other.path === image.path) === index)
}

type Rows<T> = { rows: T[] }

/**
 * Makes the brand hold `total` listings: its own (those not generated here) plus generated ones
 * numbered from 1. Returns how many were generated and the time taken.
 */
export async function seedListings(
  db: Database,
  brandKey: string,
  total: number,
): Promise<{ generated: number; brandTotal: number; ms: number }> {
  if (!Number.isInteger(total) || total < 0 || total > MAX_GENERATED) {
    throw new Error(`The number of listings must be a whole number from 0 to ${MAX_GENERATED}.`)
  }
  const started = performance.now()
  const structure = bulkStructure(brandKey)
  const styleCount = Math.ceil(total / PER_STYLE)

  await db.transaction(async (tx) => {
    const brand = (await tx.execute(sql`select 1 from brands where key = ${brandKey}`)) as unknown as Rows<unknown>
    if (brand.rows.length === 0) throw new Error(`No brand ${brandKey}`)
    const lineRows = structure.lines.map((l) => sql`(${l.key}, ${brandKey}, ${l.name}, ${`${l.name} line`})`)
    await tx.execute(
      sql`insert into lines (key, brand_key, name, description) values ${sql.join(lineRows, sql`, `)} on conflict (key) do nothing`,
    )
    const collectionRows = structure.collections.map(
      (c) => sql`(${c.key}, ${brandKey}, ${c.lineKey}, ${c.name}, ${c.season}, ${c.year})`,
    )
    await tx.execute(
      sql`insert into collections (key, brand_key, line_key, name, season, year) values ${sql.join(collectionRows, sql`, `)} on conflict (key) do nothing`,
    )
    // A brand may already have a category of that name (Demo Brand has six): that one is used.
    const categoryRows = Object.entries(structure.categories).map(([name, key]) => sql`(${key}, ${brandKey}, ${name})`)
    await tx.execute(
      sql`insert into categories (key, brand_key, name) values ${sql.join(categoryRows, sql`, `)} on conflict do nothing`,
    )
  })
  const categoryKeys = (await db.execute(
    sql`select name, key from categories where brand_key = ${brandKey}`,
  )) as unknown as Rows<{ name: string; key: string }>
  const categoryOf = Object.fromEntries(categoryKeys.rows.map((row) => [row.name, row.key]))

  // What varies with the style (index s) and with colour and size, as arrays the SQL indexes into.
  const garments = GARMENTS.map(([name, category, materials, kind], g) => ({
    name,
    kind,
    materials,
    category: categoryOf[category]!,
    extra: categoryOf[EXTRA_CATEGORIES[g % EXTRA_CATEGORIES.length]!]!,
  }))
  const media: Record<string, unknown> = {}
  const now = new Date()
  for (const garment of GARMENTS) {
    for (const colour of COLOURS) {
      for (const { season } of SEASONS) {
        const spec: PhotoSpec = { garment: garment[3], colour: colour.hexCode, season }
        media[`${garment[3]}|${colour.hexCode}|${season}`] = listingMedia(brandKey, spec, now)
      }
    }
  }
  const constants = {
    garments,
    colours: COLOURS,
    sizes: SIZES,
    adjectives: ADJECTIVES,
    collections: structure.collections,
    sustainable: categoryOf.Sustainable!,
    media,
  }

  let brandTotal = 0
  let generated = 0
  await db.transaction(async (tx) => {
    // Styles first: a listing names its style, and the list links to it.
    await tx.execute(sql`
      with c as (select ${JSON.stringify(constants)}::jsonb as j)
      insert into styles (key, brand_key, collection_key, name, number, status, created, modified)
      select left(encode(sha256(convert_to(${`bulk:${brandKey}:style:`} || s, 'UTF8')), 'hex'), 16),
             ${brandKey},
             c.j -> 'collections' -> (s % ${structure.collections.length}::int) ->> 'key',
             (c.j -> 'adjectives' ->> ((s / ${GARMENTS.length}::int) % ${ADJECTIVES.length}::int)) || ' ' || (c.j -> 'garments' -> (s % ${GARMENTS.length}::int) ->> 'name'),
             'DB-' || (20000 + s),
             (array['draft', 'in review', 'approved'])[1 + s % 3],
             now() - (s || ' hours')::interval,
             now() - (s || ' hours')::interval
      from c, generate_series(0, ${styleCount - 1}::int) as s
      on conflict (key) do nothing`)
    const existing = (await tx.execute(sql`
      select count(*)::int as n from listings
      where brand_key = ${brandKey} and listing_unique_id not like ${GENERATED_PATTERN}`)) as unknown as Rows<{
      n: number
    }>
    const own = existing.rows[0]!.n
    generated = Math.max(0, total - own)
    // A smaller N than before: the generated rows past it go.
    await tx.execute(sql`
      delete from listings l where l.brand_key = ${brandKey} and l.listing_unique_id like ${GENERATED_PATTERN}
        and not exists (
          select 1 from generate_series(0, ${generated - 1}::int) as i
          where left(encode(sha256(convert_to(${`bulk:${brandKey}:listing:`} || i, 'UTF8')), 'hex'), 16) = l.key)`)
    for (let from = 0; from < generated; from += BATCH) {
      const to = Math.min(generated, from + BATCH) - 1
      await tx.execute(sql`
        with c as (select ${JSON.stringify(constants)}::jsonb as j),
        n as (
          select i, i / ${PER_STYLE}::int as s, (i / ${SIZES.length}::int) % ${COLOURS.length}::int as col, i % ${SIZES.length}::int as z
          from generate_series(${from}::int, ${to}::int) as i
        ),
        r as (
          select n.*, c.j,
                 c.j -> 'garments' -> (n.s % ${GARMENTS.length}::int) as g,
                 c.j -> 'colours' -> n.col as colour,
                 c.j -> 'collections' -> (n.s % ${structure.collections.length}::int) as coll,
                 'DB-' || (20000 + n.s) as number
          from n, c
        )
        insert into listings (key, brand_key, listing_unique_id, style_key, style_name, style_number, sku, upc,
          look_number, size, size_description, color, categories, line_key, collection_key, department, units,
          status, addition, materials, description, media, wholesale_prices, created, modified)
        select left(encode(sha256(convert_to(${`bulk:${brandKey}:listing:`} || r.i, 'UTF8')), 'hex'), 16),
               ${brandKey},
               r.number || '-' || (r.colour ->> 'code') || '-' || (r.j -> 'sizes' ->> r.z),
               left(encode(sha256(convert_to(${`bulk:${brandKey}:style:`} || r.s, 'UTF8')), 'hex'), 16),
               (r.j -> 'adjectives' ->> ((r.s / ${GARMENTS.length}::int) % ${ADJECTIVES.length}::int)) || ' ' || (r.g ->> 'name'),
               r.number,
               r.number || '-' || (r.colour ->> 'code') || '-' || (r.j -> 'sizes' ->> r.z),
               (850000000000 + r.i * 7919)::text,
               1 + r.s % 24,
               jsonb_build_object('name', r.j -> 'sizes' ->> r.z, 'number', 0, 'variant', 'regular'),
               'Size ' || (r.j -> 'sizes' ->> r.z),
               r.colour,
               case when r.s % 4 = 0 then jsonb_build_array(r.g ->> 'category', r.g ->> 'extra', r.j ->> 'sustainable')
                    else jsonb_build_array(r.g ->> 'category', r.g ->> 'extra') end,
               r.coll ->> 'lineKey',
               r.coll ->> 'key',
               (array['Womens', 'Mens', 'Unisex'])[1 + r.s % 3],
               10 + (r.i * 37) % 190,
               case when r.s % 9 = 0 then 'draft' when r.s % 23 = 0 then 'archived' else 'active' end,
               r.s % 10 = 0,
               r.g ->> 'materials',
               (r.g ->> 'name') || ' in ' || lower(r.colour ->> 'name') || ', ' || lower(r.g ->> 'materials') || '.',
               r.j -> 'media' -> ((r.g ->> 'kind') || '|' || (r.colour ->> 'hexCode') || '|' || (r.coll ->> 'season')),
               jsonb_build_array(
                 jsonb_build_object('number', 30 + (r.s % 40) * 5, 'currency', 'USD'),
                 jsonb_build_object('number', 28 + (r.s % 40) * 5, 'currency', 'EUR')),
               now() - (r.i || ' minutes')::interval,
               now() - (r.i || ' minutes')::interval
        from r
        on conflict do nothing`)
    }
    const count = (await tx.execute(
      sql`select count(*)::int as n from listings where brand_key = ${brandKey}`,
    )) as unknown as Rows<{ n: number }>
    brandTotal = count.rows[0]!.n
  })
  return { generated, brandTotal, ms: performance.now() - started }
}
