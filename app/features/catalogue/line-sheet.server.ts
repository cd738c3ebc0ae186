// Line sheets (issue 46, docs/decisions/183): the products list as it is filtered, as a PDF of
// style cards for buyers. Whoever may see the list may make one; the listings are read through
// the list's own query (its filter, its order, its access check), at most LINE_SHEET_MAX_LISTINGS.
import sharp from 'sharp'
import { getBrand } from '#app/features/brands/index.server'
import { firstThumbnailBlob } from '#app/features/media/index.server'
import type { Actor } from '#app/platform/access/actor'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError } from '#app/platform/errors'
import { collections, lines } from '#db/schema'
import { and, eq, inArray } from 'drizzle-orm'
import type { Readable } from 'node:stream'
import {
  LINE_SHEET_MAX_LISTINGS,
  defaultLineSheetTitle,
  lineSheetRefusal,
  lineSheetFilename,
  styleCards,
  type LineSheetListing,
  type LineSheetOptions,
} from './line-sheet'
import { drawInWorker } from './line-sheet-draw.server'
import type { Paper } from './line-sheet-pdf.server'
import type { ListingFilter } from './listing-filter'
import { listListings } from './listing-list.server'

/** Listings read per query: the list's own largest page. */
const PAGE = 200
/** A stored picture larger than this is not a thumbnail: it is left out. */
const PICTURE_MAX_BYTES = 8 * 1024 * 1024

export interface LineSheetPlan {
  /** Listings the list shows, as the list counts them. */
  count: number
  countText: string
  /** Why no line sheet can be made of this list, or null. */
  refusal: string | null
  defaultTitle: string
}

/** What the line sheet dialog says before anything is drawn: how many, and its title. */
export async function planLineSheet(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  filter: ListingFilter,
): Promise<LineSheetPlan> {
  const first = await listListings(deps, actor, brandKey, { ...filter, cursor: 0, limit: 1 })
  const countText = `${first.total.toLocaleString('en-US')}${first.totalExact ? '' : '+'}`
  // A search counts exactly only up to 1,000 hits (SEARCH_COUNT_CAP): "1,000+" is too many too.
  const refusal = lineSheetRefusal(first.totalExact ? first.total : first.total + 1, countText)
  const [lineRows, collectionRows] = await Promise.all([
    filter.lines.length === 0
      ? []
      : deps.db
          .select({ name: lines.name })
          .from(lines)
          .where(and(eq(lines.brandKey, brandKey), inArray(lines.key, filter.lines))),
    filter.collections.length === 0
      ? []
      : deps.db
          .select({ name: collections.name })
          .from(collections)
          .where(and(eq(collections.brandKey, brandKey), inArray(collections.key, filter.collections))),
  ])
  return {
    count: first.total,
    countText,
    refusal,
    defaultTitle: defaultLineSheetTitle({
      lines: lineRows.map((row) => row.name),
      collections: collectionRows.map((row) => row.name),
    }),
  }
}

async function readListings(deps: ServiceDeps, actor: Actor, brandKey: string, filter: ListingFilter) {
  const found: LineSheetListing[] = []
  for (let cursor = 0; ;) {
    const page = await listListings(deps, actor, brandKey, { ...filter, cursor, limit: PAGE })
    for (const listing of page.data) found.push({ ...listing, picture: firstThumbnailBlob(listing.media) })
    if (!page.more || page.data.length === 0 || found.length >= LINE_SHEET_MAX_LISTINGS) return found
    cursor += page.data.length
  }
}

async function storedBytes(deps: ServiceDeps, key: string): Promise<Buffer | null> {
  const blob = await deps.blobs.get(key)
  if (!blob) return null
  if (blob.info.size > PICTURE_MAX_BYTES) {
    blob.stream.destroy()
    return null
  }
  const chunks: Buffer[] = []
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** A stored image as PDFKit draws it (JPEG, or PNG to keep a logo's transparency), or null. */
async function printable(deps: ServiceDeps, key: string, as: 'jpeg' | 'png'): Promise<Buffer | null> {
  const bytes = await storedBytes(deps, key)
  if (!bytes) return null
  try {
    const image = sharp(bytes, { limitInputPixels: 40_000_000 }).rotate().resize(600, 600, {
      fit: 'inside',
      withoutEnlargement: true,
    })
    return as === 'png'
      ? await image.png().toBuffer()
      : await image.flatten({ background: '#ffffff' }).jpeg({ quality: 82 }).toBuffer()
  } catch {
    // Not an image sharp can read (a damaged file): the card shows its frame without it.
    return null
  }
}

/**
 * The line sheet of the list under `filter`: its PDF as a stream and its file name. Refusals (no
 * access, an empty list, too many listings) are errors before any byte is written.
 */
export async function makeLineSheet(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  filter: ListingFilter,
  options: LineSheetOptions & { paper: Paper },
  today = new Date(),
): Promise<{ filename: string; body: Readable }> {
  const plan = await planLineSheet(deps, actor, brandKey, filter)
  if (plan.refusal) throw new AppError('ValidationError', plan.refusal)
  const [brand, listings] = await Promise.all([
    getBrand(deps, actor, brandKey),
    readListings(deps, actor, brandKey, filter),
  ])
  const logoPath = brand.assets.logo?.path
  const logo = logoPath ? await printable(deps, logoPath, 'png').catch(() => null) : null
  const dated = today.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
  const body = drawInWorker(
    {
      brandName: brand.name,
      title: options.title,
      dated,
      paper: options.paper,
      logo,
      cards: styleCards(listings, options.markup),
    },
    (key) => printable(deps, key, 'jpeg'),
  )
  return { filename: lineSheetFilename(options.title, today.toISOString().slice(0, 10)), body }
}
