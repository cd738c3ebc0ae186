// What the review modal's two sides share: its page size and how a page number is read.

/** Listings a page of the review modal lists, per side (created, updated). */
export const REVIEW_PER_PAGE = 50

/** A page number from the address: a whole number from 1, anything else the first page. */
export function reviewPageOf(value: string | null): number {
  if (value === null || !/^\d{1,7}$/.test(value)) return 1
  return Math.max(1, Number(value))
}
