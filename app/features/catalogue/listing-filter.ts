// The products list filter, read from a query string: the API's (`cursor`, `limit`) strictly,
// naming the field at fault; the page's (`page`, `per`) leniently, since a hand-edited address
// should still show a list. Pure, so the browser builds the same links the server reads.

/** Per-page choices of the products list (docs/decisions/068). */
export const PER_PAGE_OPTIONS = [25, 50, 100] as const
export const DEFAULT_LIMIT = 50
export const MAX_LIMIT = 200
/** More keys than this in one filter is not a person choosing from a dropdown. */
export const MAX_FILTER_KEYS = 200
export const MAX_SEARCH_LENGTH = 100

export const FILTER_LISTS = ['lines', 'collections', 'categories', 'styles'] as const
export type FilterList = (typeof FILTER_LISTS)[number]

export interface ListingFilter {
  lines: string[]
  collections: string[]
  categories: string[]
  styles: string[]
  /** Trimmed search text; empty for none. */
  search: string
  cursor: number
  limit: number
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; field: string; message: string }

type Source = URLSearchParams | Record<string, string | undefined>

function read(source: Source, name: string): string | undefined {
  if (source instanceof URLSearchParams) {
    // A checkbox dropdown without JavaScript sends `lines=a&lines=b`; the API form is `lines=a,b`.
    const all = source.getAll(name)
    return all.length === 0 ? undefined : all.join(',')
  }
  return source[name]
}

const KEY = /^[A-Za-z0-9_-]{1,64}$/

/** The listings ticked on the products list, as its selection forms send them (keys=…); none when malformed. */
export function selectedListingKeys(params: URLSearchParams | FormData): string[] {
  const parsed = parseKeys(params.getAll('keys').map(String).join(','), 'keys')
  return parsed.ok ? parsed.value : []
}

/**
 * Whether the ticked keys are more than a page of the list holds (MAX_FILTER_KEYS): an address
 * written by hand, to be told so rather than read as nothing selected.
 */
export function selectionTooLarge(params: URLSearchParams | FormData): boolean {
  const keys = new Set(
    params
      .getAll('keys')
      .flatMap((value) => String(value).split(','))
      .map((key) => key.trim())
      .filter(Boolean),
  )
  return keys.size > MAX_FILTER_KEYS
}

/** The products list's address without its selection (the dialogs over it go back there). */
export function listAddressWithoutSelection(request: Request): string {
  const url = new URL(request.url)
  url.searchParams.delete('keys')
  url.searchParams.delete('select')
  const query = url.searchParams.toString()
  return `${url.pathname.split('/').slice(0, 4).join('/')}${query ? `?${query}` : ''}`
}

/** Comma-joined keys: empty parts are dropped, duplicates kept once. */
export function parseKeys(raw: string | undefined, field: string): Parsed<string[]> {
  if (raw === undefined) return { ok: true, value: [] }
  const keys = [...new Set(raw.split(',').map((part) => part.trim()))].filter(Boolean)
  if (keys.length > MAX_FILTER_KEYS) return { ok: false, field, message: `at most ${MAX_FILTER_KEYS} keys.` }
  if (keys.some((key) => !KEY.test(key))) return { ok: false, field, message: 'must be comma-joined keys.' }
  return { ok: true, value: keys }
}

function wholeNumber(raw: string | undefined, fallback: number): number | null {
  if (raw === undefined || raw.trim() === '') return fallback
  if (!/^\d{1,9}$/.test(raw.trim())) return null
  return Number(raw.trim())
}

function parseSearch(raw: string | undefined): Parsed<string> {
  const search = (raw ?? '').trim().replace(/\s+/g, ' ')
  if (search.length > MAX_SEARCH_LENGTH) {
    return { ok: false, field: 'search', message: `at most ${MAX_SEARCH_LENGTH} characters.` }
  }
  return { ok: true, value: search }
}

/** The API's query: brand aside, every field checked; the first fault is named. */
export function parseFilterQuery(source: Source): Parsed<ListingFilter> {
  const lists: Partial<Record<FilterList, string[]>> = {}
  for (const name of FILTER_LISTS) {
    const keys = parseKeys(read(source, name), name)
    if (!keys.ok) return keys
    lists[name] = keys.value
  }
  const search = parseSearch(read(source, 'search'))
  if (!search.ok) return search
  const cursor = wholeNumber(read(source, 'cursor'), 0)
  if (cursor === null) return { ok: false, field: 'cursor', message: 'must be a whole number from 0.' }
  const limit = wholeNumber(read(source, 'limit'), DEFAULT_LIMIT)
  if (limit === null || limit < 1 || limit > MAX_LIMIT) {
    return { ok: false, field: 'limit', message: `must be a whole number from 1 to ${MAX_LIMIT}.` }
  }
  return {
    ok: true,
    value: {
      lines: lists.lines!,
      collections: lists.collections!,
      categories: lists.categories!,
      styles: lists.styles!,
      search: search.value,
      cursor,
      limit,
    },
  }
}

export interface PageQuery {
  filter: ListingFilter
  /** 1-based page number. */
  page: number
  per: number
}

/**
 * The page's query (`page`, `per` instead of `cursor`, `limit`): what cannot be read falls back to
 * its default (first page, 50 a page, no filter), so an edited or stale link still shows a list.
 */
export function parsePageQuery(params: URLSearchParams): PageQuery {
  const lists: Record<FilterList, string[]> = { lines: [], collections: [], categories: [], styles: [] }
  for (const name of FILTER_LISTS) {
    const keys = parseKeys(read(params, name), name)
    if (keys.ok) lists[name] = keys.value
  }
  const search = (params.get('search') ?? '').trim().replace(/\s+/g, ' ').slice(0, MAX_SEARCH_LENGTH)
  const rawPer = wholeNumber(params.get('per') ?? undefined, DEFAULT_LIMIT)
  const per = (PER_PAGE_OPTIONS as readonly number[]).includes(rawPer ?? -1) ? rawPer! : DEFAULT_LIMIT
  const rawPage = wholeNumber(params.get('page') ?? undefined, 1)
  const page = rawPage !== null && rawPage >= 1 ? Math.min(rawPage, 100_000) : 1
  return {
    filter: {
      ...lists,
      search,
      cursor: (page - 1) * per,
      limit: per,
    },
    page,
    per,
  }
}

/**
 * The address of a filtered view: only what differs from the defaults is written, lists
 * comma-joined, so links stay short and the same view has one address.
 */
export function filterSearchParams(
  filter: Pick<ListingFilter, FilterList | 'search'>,
  options: { page?: number; per?: number; view?: string } = {},
): URLSearchParams {
  const params = new URLSearchParams()
  if (filter.search) params.set('search', filter.search)
  for (const name of FILTER_LISTS) if (filter[name].length > 0) params.set(name, filter[name].join(','))
  if (options.view && options.view !== 'table') params.set('view', options.view)
  if (options.per && options.per !== DEFAULT_LIMIT) params.set('per', String(options.per))
  if (options.page && options.page > 1) params.set('page', String(options.page))
  return params
}

export const VIEW_MODES = ['table', 'card', 'large'] as const
export type ViewMode = (typeof VIEW_MODES)[number]

export function parseViewMode(raw: string | null): ViewMode {
  return (VIEW_MODES as readonly string[]).includes(raw ?? '') ? (raw as ViewMode) : 'table'
}
