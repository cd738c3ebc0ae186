// The order of the media table on the upload page (docs/decisions/096). The table lists the
// brand's photos newest first; only photos on one listing have an order between them, so each
// listing's photos fill the rows its photos hold, in their position order (ascending, 0 last).
// Dragging a row (or its move buttons) changes its place among its listing's photos: they take
// the positions they held before, in their new table order. Pure, for the browser and the server.
import { positionRank } from './media-names'

export interface OrderedRow {
  key: string
  name: string
  listing: string | null
  position: number
}

const byPosition = (a: OrderedRow, b: OrderedRow) =>
  positionRank(a.position) - positionRank(b.position) || a.name.localeCompare(b.name)

/** Rows newest first in, rows as the table shows them out: each listing's in position order. */
export function tableOrder<T extends OrderedRow>(rows: readonly T[]): T[] {
  const byListing = new Map<string, T[]>()
  for (const row of rows) {
    if (row.listing) byListing.set(row.listing, [...(byListing.get(row.listing) ?? []), row])
  }
  for (const list of byListing.values()) list.sort(byPosition)
  const taken = new Map<string, number>()
  return rows.map((row) => {
    if (!row.listing) return row
    const index = taken.get(row.listing) ?? 0
    taken.set(row.listing, index + 1)
    return byListing.get(row.listing)![index]!
  })
}

/**
 * The positions to save after `moved` was dropped so the table reads `rows` (the new order):
 * its listing's photos take, in their new table order, the positions they held, made strictly
 * increasing (a 0, "last", becomes the next number). Empty when nothing changes: a photo in the
 * pool, or a row moved only past other listings' photos.
 */
export function positionsAfterMove(
  rows: readonly OrderedRow[],
  moved: string,
): { keys: string[]; positions: number[] } {
  const listing = rows.find((row) => row.key === moved)?.listing
  if (!listing) return { keys: [], positions: [] }
  const siblings = rows.filter((row) => row.listing === listing)
  const held = siblings.map((row) => row.position).sort((a, b) => positionRank(a) - positionRank(b))
  const positions: number[] = []
  for (const value of held) {
    const previous = positions.at(-1) ?? 0
    positions.push(value > previous ? value : previous + 1)
  }
  const unchanged = siblings.every((row, index) => row.position === positions[index])
  return unchanged ? { keys: [], positions: [] } : { keys: siblings.map((row) => row.key), positions }
}

/** Moves the item at `from` to `to`, as a drop does. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice()
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item!)
  return next
}
