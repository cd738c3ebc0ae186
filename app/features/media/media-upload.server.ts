// The media upload page (catalogue.md §2 Product media upload, step 2): its table of the brand's
// photos with where each went, the plain form that uploads several photos without JavaScript
// (each name reserved as the batch preflight does, then its bytes through the file pipeline), the
// summary of one such post, and the move buttons that order a listing's photos from the table.
import { receiveFormUploads } from '#app/features/files/index.server'
import { MEDIA_TEXTS, positionRank } from '#app/features/media/media-names'
import { tableOrder } from '#app/features/media/media-table-order'
import { hasAbility, requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound } from '#app/platform/errors'
import { files, listings, media } from '#db/schema'
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm'
import { brandMedia, deleteMedia, reserveMedia, saveMediaPositions, toMediaView, type MediaView } from './media.server'
import type { MediaRowView } from './views'
import type { Actor } from '#app/platform/access/actor'
export type { MediaPlace, MediaRowView } from './views'

/** Files one post of the plain form may carry; the page says so, and the rest are left out. */
export const MAX_FORM_FILES = 200
export const TABLE_PAGE_SIZE = 25

export const MEDIA_FORM_TEXTS = {
  leftOut: (count: number) =>
    `At most ${MAX_FORM_FILES} files go in one upload: ${count} more ${count === 1 ? 'file was' : 'files were'} left out. Upload them next.`,
  noFiles: 'Choose the photos to upload.',
} as const

async function placesOf(deps: ServiceDeps, views: MediaView[]): Promise<MediaRowView[]> {
  const keys = [...new Set(views.flatMap((view) => (view.listing ? [view.listing] : [])))]
  const found =
    keys.length === 0
      ? []
      : await deps.db
          .select({ key: listings.key, styleName: listings.styleName, sku: listings.sku })
          .from(listings)
          .where(inArray(listings.key, keys))
  const byKey = new Map(found.map((listing) => [listing.key, listing]))
  return views.map((view) => ({
    ...view,
    listing: view.listing ? (byKey.get(view.listing) ?? null) : null,
    unmatched: view.unmatched,
  }))
}

/**
 * The page's table: the brand's photos newest first, a page at a time, with each listing's
 * photos in its order (app/features/media/media-order.ts), and whether the actor may order them.
 */
export async function mediaTable(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  cursor: string | null,
): Promise<{ rows: MediaRowView[]; cursor: string | null; more: boolean; canArrange: boolean }> {
  const page = await brandMedia(deps, actor, { brand: brandKey, before: cursor, limit: TABLE_PAGE_SIZE })
  const ordered = tableOrder(page.data)
  const canArrange = await hasAbility(deps, actor, 'media.arrange', { model: 'Brand', key: brandKey })
  return { rows: await placesOf(deps, ordered), cursor: page.cursor, more: page.more, canArrange }
}

export interface MediaFormResult {
  /** The files taken, each with where it goes. */
  uploaded: { name: string; media: string }[]
  refused: { name: string; error: string }[]
  leftOut: number
  /** The window the post reserved its photos in (ms), for the summary after the redirect. */
  window: { from: number; to: number } | null
}

/**
 * The plain form of the page (without JavaScript): several `file` parts, each reserved by its
 * name (a Filename error refuses that file alone, the others go on) and sent through the file
 * pipeline carrying its photo. `checkForm` is given the fields before the first file (the CSRF
 * check); it stops the whole form by throwing. A file of another type is refused by its name
 * here and by its bytes in the pipeline.
 */
export async function receiveMediaForm(
  deps: ServiceDeps,
  actor: Actor,
  request: Request,
  brandKey: string,
  checkForm: (fields: FormData) => Promise<void>,
): Promise<MediaFormResult> {
  requireBrandAbility(actor, 'listing.edit', brandKey)
  let checked = false
  const reserved = new Map<string, string>()
  const {
    files: outcomes,
    leftOut,
    fields,
  } = await receiveFormUploads(
    deps,
    actor,
    request,
    { brand: brandKey, purpose: 'listing-media' },
    {
      maxFiles: MAX_FORM_FILES,
      prepare: async (name, fields) => {
        if (!checked) await checkForm(fields)
        checked = true
        const [result] = await reserveMedia(deps, actor, { brand: brandKey, names: [name] })
        if (!result?.key) throw new AppError('ValidationError', result?.error ?? MEDIA_TEXTS.batchFailed)
        const key = result.key
        reserved.set(name, key)
        return { media: key, release: () => deleteMedia(deps, actor, key).then(() => undefined) }
      },
    },
  )
  // A form with no file at all is still checked before it is answered.
  if (!checked) await checkForm(fields)
  const uploaded: MediaFormResult['uploaded'] = []
  const refused: MediaFormResult['refused'] = []
  for (const outcome of outcomes) {
    if ('file' in outcome) uploaded.push({ name: outcome.name, media: reserved.get(outcome.name)! })
    else refused.push(outcome)
  }
  // The window is read from the rows themselves, so the database's clock is the only one used.
  const times =
    uploaded.length === 0
      ? []
      : await deps.db
          .select({ created: media.created })
          .from(media)
          .where(
            inArray(
              media.key,
              uploaded.map((item) => item.media),
            ),
          )
  const stamps = times.map((time) => time.created.getTime())
  const window = stamps.length ? { from: Math.min(...stamps), to: Math.max(...stamps) + 1 } : null
  return { uploaded, refused, leftOut, window }
}

/**
 * The summary of one post of the form: the photos the actor reserved in its window, with where
 * each goes and its status now (being scanned, available, refused by the scan).
 */
export async function mediaPosted(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  window: { from: number; to: number },
): Promise<MediaRowView[]> {
  requireBrandAbility(actor, 'listing.view', brandKey)
  const rows = await deps.db
    .select({ row: media, fileStatus: files.status })
    .from(media)
    .leftJoin(files, eq(files.key, media.fileKey))
    .where(
      and(
        eq(media.brandKey, brandKey),
        eq(media.uploadedBy, actor.key),
        gte(media.created, new Date(window.from)),
        lte(media.created, new Date(window.to)),
      ),
    )
    .orderBy(asc(media.name))
    .limit(MAX_FORM_FILES)
  return placesOf(
    deps,
    rows.map(({ row, fileStatus }) => toMediaView(deps, row, fileStatus)),
  )
}

/**
 * The move buttons of a table row (the keyboard- and JavaScript-free way to reorder): the photo
 * changes places with the one before or after it on its listing, and the listing's photos are
 * numbered 1, 2, 3 … in that order. A photo in the pool has no order to change.
 */
export async function moveMedia(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  input: { media: unknown; direction: unknown },
): Promise<{ changed: boolean }> {
  requireBrandAbility(actor, 'listing.view', brandKey)
  if (input.direction !== 'up' && input.direction !== 'down') {
    throw new AppError('ValidationError', 'direction: up or down.')
  }
  const key = typeof input.media === 'string' ? input.media : ''
  const [row] = key ? await deps.db.select().from(media).where(eq(media.key, key)) : []
  if (!row || row.brandKey !== brandKey) throw notFound('Media')
  if (!row.listingKey) throw new AppError('ValidationError', 'media: a photo in the pool has no order to change.')
  const siblings = await deps.db.select().from(media).where(eq(media.listingKey, row.listingKey))
  siblings.sort((a, b) => positionRank(a.position) - positionRank(b.position) || a.name.localeCompare(b.name))
  const at = siblings.findIndex((sibling) => sibling.key === row.key)
  const to = input.direction === 'up' ? at - 1 : at + 1
  if (to < 0 || to >= siblings.length) return { changed: false }
  ;[siblings[at], siblings[to]] = [siblings[to]!, siblings[at]!]
  await saveMediaPositions(deps, actor, {
    keys: siblings.map((sibling) => sibling.key),
    positions: siblings.map((_, index) => index + 1),
  })
  return { changed: true }
}
