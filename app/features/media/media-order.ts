// The order of a listing's photos on the media management page (catalogue.md §2 Media
// management, §4 Media association). Pure, over plain key lists: the page keeps each listing's
// unsaved order in a shared Yjs document, the database holds the saved order, and these functions
// say what the page shows and what Save writes (docs/decisions/100).

/** Listings on one page of the manage screen: each is a slider, so fewer than the products list. */
export const MANAGE_PAGE_SIZE = 20
/** Pool photos per "Show more", and the most one page shows. */
export const POOL_STEP = 60
export const POOL_MAX = 1200

/** The toast after a photo is deleted: §8 names none for it (docs/decisions/100). */
export const IMAGE_DELETED = 'Image has been deleted.'

/** Where a photo is dragged from or dropped to, as the page names its draggables and drop zones. */
export type DragRef = { kind: 'pool'; media: string } | { kind: 'slide'; listing: string; media: string }
export type DropRef = { kind: 'pool' } | { kind: 'listing'; listing: string; media?: string }

/** What a drop means (§4): attach, move to another listing, back to the pool, reorder, or nothing. */
export type DropOutcome =
  | { kind: 'attach'; media: string; listing: string; from: string | null }
  | { kind: 'detach'; media: string; listing: string }
  | { kind: 'reorder'; listing: string; media: string; over: string }
  | { kind: 'none' }

export const dragId = {
  pool: (media: string) => `pool:${media}`,
  slide: (listing: string, media: string) => `slide:${listing}:${media}`,
  listing: (listing: string) => `listing:${listing}`,
  poolZone: 'pool-zone',
}

export function parseDragId(id: string): DragRef | null {
  const [kind, first, second] = id.split(':')
  if (kind === 'pool' && first) return { kind: 'pool', media: first }
  if (kind === 'slide' && first && second) return { kind: 'slide', listing: first, media: second }
  return null
}

/** A drop target: the pool, a listing, or a slide of a listing (which stands for its listing). */
export function parseDropId(id: string): DropRef | null {
  if (id === dragId.poolZone) return { kind: 'pool' }
  const [kind, first, second] = id.split(':')
  if (kind === 'listing' && first) return { kind: 'listing', listing: first }
  if (kind === 'slide' && first && second) return { kind: 'listing', listing: first, media: second }
  if (kind === 'pool' && first) return { kind: 'pool' }
  return null
}

/**
 * §4: onto a listing attaches (from another listing it is detached first, which the attach call
 * does); back onto the pool detaches; onto its own listing nothing happens, unless the order is
 * being edited and it lands on another slide of that listing, which moves it there.
 */
export function dropOutcome(drag: DragRef, drop: DropRef | null, editingOrder: boolean): DropOutcome {
  if (!drop) return { kind: 'none' }
  if (drop.kind === 'pool') {
    return drag.kind === 'slide' ? { kind: 'detach', media: drag.media, listing: drag.listing } : { kind: 'none' }
  }
  if (drag.kind === 'pool') return { kind: 'attach', media: drag.media, listing: drop.listing, from: null }
  if (drag.listing !== drop.listing) {
    return { kind: 'attach', media: drag.media, listing: drop.listing, from: drag.listing }
  }
  if (editingOrder && drop.media && drop.media !== drag.media) {
    return { kind: 'reorder', listing: drag.listing, media: drag.media, over: drop.media }
  }
  return { kind: 'none' }
}

/**
 * The order a listing shows: the shared unsaved order where there is one, else the saved order.
 * Keys the shared order holds that are no longer on the listing (detached, deleted) drop out, a
 * key twice (two people moved it at once) counts once, and photos attached since follow in their
 * saved order, so the shared order never hides or invents a photo.
 */
export function effectiveOrder(saved: readonly string[], shared: readonly string[] | null | undefined): string[] {
  if (!shared) return [...saved]
  const present = new Set(saved)
  const seen = new Set<string>()
  const order: string[] = []
  for (const key of shared) {
    if (!present.has(key) || seen.has(key)) continue
    seen.add(key)
    order.push(key)
  }
  for (const key of saved) if (!seen.has(key)) order.push(key)
  return order
}

/** The order with `key` moved one place left (-1) or right (+1); unchanged at either end. */
export function moveByOne(order: readonly string[], key: string, step: -1 | 1): string[] {
  const from = order.indexOf(key)
  const to = from + step
  if (from < 0 || to < 0 || to >= order.length) return [...order]
  const next = [...order]
  next.splice(from, 1)
  next.splice(to, 0, key)
  return next
}

/** The order with `key` moved to where `over` stands (dropping one slide onto another). */
export function moveOnto(order: readonly string[], key: string, over: string): string[] {
  const from = order.indexOf(key)
  const to = order.indexOf(over)
  if (from < 0 || to < 0 || from === to) return [...order]
  const next = [...order]
  next.splice(from, 1)
  next.splice(to, 0, key)
  return next
}

/** Positions for an order: 1, 2, 3 … (0 means last, so a saved order never uses it). */
export function positionsFor(order: readonly string[]): { keys: string[]; positions: number[] } {
  return { keys: [...order], positions: order.map((_, index) => index + 1) }
}

/** Whether the shown order differs from the saved one. */
export function orderChanged(saved: readonly string[], shown: readonly string[]): boolean {
  return saved.length !== shown.length || saved.some((key, index) => shown[index] !== key)
}

/** Names of the other people on the page, once each, for "Also here: …". */
export function othersHere(
  states: Iterable<[number, { user?: { key?: unknown; name?: unknown } } | undefined]>,
  self: { clientId: number; key: string },
): string[] {
  const names = new Map<string, string>()
  for (const [clientId, state] of states) {
    const user = state?.user
    if (clientId === self.clientId || !user || typeof user.key !== 'string' || typeof user.name !== 'string') continue
    if (user.key === self.key) continue
    names.set(user.key, user.name)
  }
  return [...names.values()].sort((a, b) => a.localeCompare(b))
}
