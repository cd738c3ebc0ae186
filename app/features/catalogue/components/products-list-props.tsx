// What the products list receives, its labels, and the links and tones its parts share.
import {
  filterSearchParams,
  type FilterList,
  type ListingFilter,
  type ViewMode,
} from '#app/features/catalogue/listing-filter'
import { type BadgeTone } from '#app/ui/misc'

export interface ListingRow {
  key: string
  style: string | null
  style_name: string
  style_number: string
  sku: string | null
  category_names: string[]
  line_name: string | null
  size: { name?: string }
  size_description: string | null
  color: { name?: string; code?: string; hexCode?: string }
  status: string
  addition: boolean
  thumbnail: string | null
  /** The reader may edit and delete it (a brand editor, or an editor of its line or collection). */
  editable: boolean
}

/**
 * What a row of the list shows, cut from the Listing entity: the page sends fifty of these, and
 * the entity's photos, prices and descriptions would double its weight (docs/decisions/079).
 */
export function toListingRow(
  listing: Omit<ListingRow, 'editable' | 'size'> & { size: { name?: string } },
  editable: boolean,
  atelier: boolean,
): ListingRow {
  const { name, code, hexCode } = listing.color
  return {
    key: listing.key,
    style: listing.style,
    style_name: listing.style_name,
    style_number: listing.style_number,
    // The SKU shows in the atelier's list only.
    sku: atelier ? listing.sku : null,
    category_names: listing.category_names,
    line_name: listing.line_name,
    size: { name: listing.size.name },
    size_description: listing.size_description,
    color: { name, code, hexCode },
    status: listing.status,
    addition: listing.addition,
    thumbnail: listing.thumbnail,
    editable,
  }
}

export interface Choice {
  key: string
  name: string
}

export interface ProductsListProps {
  base: string
  brandKey: string
  atelier: boolean
  filter: ListingFilter
  page: number
  per: number
  view: ViewMode
  rows: ListingRow[]
  total: number
  /** False when `total` is a lower bound: a search with very many hits shows "1,000+". */
  totalExact: boolean
  /** Another page follows this one. */
  more: boolean
  choices: Record<FilterList, Choice[]> & { moreStyles: boolean }
  /** What was typed in the styles dropdown's own search (it narrows the choices, not the list). */
  styleSearch: string
  /** The reader may edit some listing of the page (its rows say which): the selection shows. */
  canEdit: boolean
  /** Product Upload is offered: the reader may upload to the brand, or to the line or collection shown. */
  canUpload: boolean
  /** Edit selected is offered: the reader may edit every listing of the brand (a bulk edit is an upload to it). */
  canBulkEdit?: boolean
  showTeamInfo: boolean
  selectAll: boolean
  /** The row whose menu the address opens (`menu={key}`, the menu without JavaScript), else null. */
  menu: string | null
  /** In the atelier: each listed style's progress, by style key (atelier.md §4). */
  progress?: Record<string, { complete: number; total: number }>
}

export const FILTER_LABELS: Record<FilterList, string> = {
  lines: 'Lines',
  collections: 'Collections',
  categories: 'Categories',
  styles: 'Styles',
}

/** The address of this list with some of its query changed. */
export function listHref(props: Pick<ProductsListProps, 'base' | 'filter' | 'page' | 'per' | 'view'>, change = {}) {
  const next = { page: props.page, per: props.per, view: props.view, ...change }
  const query = filterSearchParams(props.filter, next).toString()
  return `${props.base}${query ? `?${query}` : ''}`
}

export function statusTone(status: string): BadgeTone {
  if (status === 'active') return 'success'
  if (status === 'draft') return 'muted'
  if (status === 'discontinued' || status === 'archived') return 'warning'
  return 'info'
}

/** The total as the search line shows it: "1,000+" when only a lower bound is known. */
export function totalLabel(total: number, exact: boolean): string {
  return exact ? String(total) : `${total.toLocaleString('en-US')}+`
}

export function sizing(row: ListingRow): string {
  return row.size.name ?? row.size_description ?? ''
}
