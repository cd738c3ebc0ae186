// A line sheet: the products list as it is filtered, one card per style for buyers (issue 46,
// docs/decisions/183). Pure: how listings become cards, how prices read, what the form accepts.
// The PDF is drawn by line-sheet-pdf.server.ts.

/** A line sheet is read by a buyer, not paged through: beyond this, narrow the list first. */
export const LINE_SHEET_MAX_LISTINGS = 1000
export const LINE_SHEET_TITLE_MAX = 120
export const MARKUP_MIN = 1
export const MARKUP_MAX = 10

export const LINE_SHEET_TEXTS = {
  empty: 'There are no products in this list to put on a line sheet.',
  tooMany: (count: string) =>
    `A line sheet holds up to 1,000 products; this list has ${count}. Narrow it to a line or collection first.`,
  markup: `Retail markup is a number from ${MARKUP_MIN} to ${MARKUP_MAX}, like 2.2.`,
  title: `Title is at most ${LINE_SHEET_TITLE_MAX} characters, without control characters.`,
} as const

/** Why no line sheet is made of a list of `total` listings, or null when one is. */
export function lineSheetRefusal(total: number, countText: string): string | null {
  if (total === 0) return LINE_SHEET_TEXTS.empty
  return total > LINE_SHEET_MAX_LISTINGS ? LINE_SHEET_TEXTS.tooMany(countText) : null
}

/** The listing fields a card reads. */
export interface LineSheetListing {
  style: string | null
  style_name: string | null
  style_number: string | null
  size: unknown
  color: unknown
  wholesale_prices: { number: number; currency: string }[]
  /** The stored file of its first photo's thumbnail, or null. */
  picture: string | null
}

export interface StyleCard {
  name: string
  number: string
  colours: { name: string; hex: string | null }[]
  sizes: string[]
  /** "45 USD", or "45–50 USD" when the style's listings differ, one entry per currency. */
  wholesale: string[]
  retail: string[]
  picture: string | null
}

export interface LineSheetOptions {
  title: string
  /** Retail = wholesale × markup; null prints wholesale only. */
  markup: number | null
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

function field(document: unknown, key: string): unknown {
  return document && typeof document === 'object' ? (document as Record<string, unknown>)[key] : undefined
}

const HEX = /^#?([0-9a-f]{6})$/i

/** 45 → "45", 40.5 → "40.50": money as a price list shows it. */
export function formatAmount(amount: number): string {
  const cents = Math.round(amount * 100)
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2)
}

function priceRanges(prices: { number: number; currency: string }[], factor: number): string[] {
  const byCurrency = new Map<string, { low: number; high: number }>()
  for (const { number, currency } of prices) {
    if (!Number.isFinite(number)) continue
    const amount = number * factor
    const range = byCurrency.get(currency)
    if (!range) byCurrency.set(currency, { low: amount, high: amount })
    else byCurrency.set(currency, { low: Math.min(range.low, amount), high: Math.max(range.high, amount) })
  }
  return [...byCurrency].map(([currency, { low, high }]) =>
    formatAmount(low) === formatAmount(high)
      ? `${formatAmount(low)} ${currency}`
      : `${formatAmount(low)}–${formatAmount(high)} ${currency}`,
  )
}

/**
 * One card per style, in the order the list first shows each style: its name and number, every
 * colour and size of its listings (sizes by their number, as the size run reads), its prices, and
 * the first photo found. Listings without a style are grouped by style number and name.
 */
export function styleCards(listings: readonly LineSheetListing[], markup: number | null): StyleCard[] {
  const groups = new Map<string, LineSheetListing[]>()
  for (const listing of listings) {
    const key = listing.style ?? `${text(listing.style_number)}\u0000${text(listing.style_name)}`
    const group = groups.get(key)
    if (group) group.push(listing)
    else groups.set(key, [listing])
  }
  return [...groups.values()].map((group) => {
    const first = group[0]!
    const colours = new Map<string, { name: string; hex: string | null }>()
    const sizes = new Map<string, { name: string; number: number; seen: number }>()
    for (const listing of group) {
      const colour = text(field(listing.color, 'name'))
      const hex = HEX.exec(text(field(listing.color, 'hexCode')))?.[1] ?? null
      if (colour && !colours.has(colour.toLowerCase())) {
        colours.set(colour.toLowerCase(), { name: colour, hex: hex ? `#${hex.toLowerCase()}` : null })
      }
      const size = text(field(listing.size, 'name'))
      const number = Number(field(listing.size, 'number'))
      if (size && !sizes.has(size.toLowerCase())) {
        sizes.set(size.toLowerCase(), { name: size, number: Number.isFinite(number) ? number : 0, seen: sizes.size })
      }
    }
    const prices = group.flatMap((listing) => listing.wholesale_prices ?? [])
    return {
      name: text(first.style_name),
      number: text(first.style_number),
      colours: [...colours.values()],
      sizes: [...sizes.values()].sort((a, b) => a.number - b.number || a.seen - b.seen).map((size) => size.name),
      wholesale: priceRanges(prices, 1),
      retail: markup === null ? [] : priceRanges(prices, markup),
      picture: group.find((listing) => listing.picture)?.picture ?? null,
    }
  })
}

/** The title a line sheet gets unless the person writes another: what the list is narrowed to. */
export function defaultLineSheetTitle(names: { collections: string[]; lines: string[] }): string {
  const chosen = names.collections.length > 0 ? names.collections : names.lines
  if (chosen.length === 0) return 'All products'
  const joined = chosen.join(' · ')
  return joined.length > LINE_SHEET_TITLE_MAX ? `${joined.slice(0, LINE_SHEET_TITLE_MAX - 1)}…` : joined
}

// Control characters, and the bidi overrides that make a title read other than it is written.
// eslint-disable-next-line no-control-regex
const REFUSED_IN_TITLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

/** The form's title and markup, or the message that says what to put right. */
export function parseLineSheetOptions(
  query: URLSearchParams,
  fallbackTitle: string,
): { ok: true; options: LineSheetOptions } | { ok: false; error: string } {
  const title = (query.get('title') ?? '').trim()
  if (title.length > LINE_SHEET_TITLE_MAX || REFUSED_IN_TITLE.test(title))
    return { ok: false, error: LINE_SHEET_TEXTS.title }
  const markupText = (query.get('markup') ?? '').trim().replace(',', '.')
  let markup: number | null = null
  if (markupText !== '') {
    markup = /^\d{1,2}(\.\d{1,3})?$/.test(markupText) ? Number(markupText) : Number.NaN
    if (!(markup >= MARKUP_MIN && markup <= MARKUP_MAX)) return { ok: false, error: LINE_SHEET_TEXTS.markup }
  }
  return { ok: true, options: { title: title || fallbackTitle, markup } }
}

/** The PDF's file name: its title in letters and digits of any script, and the day. */
export function lineSheetFilename(title: string, day: string): string {
  const words = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
  // Cut by letters, not UTF-16 units: half a letter outside the basic plane is no text at all.
  const cut = [...words].slice(0, 60).join('')
  return `line-sheet-${cut || 'products'}-${day}.pdf`
}
