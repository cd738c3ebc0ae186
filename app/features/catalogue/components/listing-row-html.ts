// The products table's rows as HTML text. A page of 50 rows is some 1,000 elements, which React
// renders one by one on the server (the larger part of the page's render) while nothing in a
// closed row needs React: its links, its menu toggle and its checkbox work by delegation or as
// plain HTML (useRowMenu, SelectAllBox). The markup is exactly what the row's components render:
// listing-row-html.test.ts compares the two for every kind of row (docs/decisions/163).
import { escapeHtml } from '#app/ui/html-text'
import { badgeClass } from '#app/ui/misc'
import { sizing, statusTone, type ListingRow } from './products-list-props'

/** The hanger of a row without a photo (HangerIcon in app/ui/icons.tsx). */
const HANGER =
  '<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="1.2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="h-1/3 w-1/2"><path d="M12 7a2 2 0 1 1 2-2"></path><path d="M12 7v1.5L3 15.5a1 1 0 0 0 .6 1.8h16.8a1 1 0 0 0 .6-1.8L12 8.5"></path></svg>'

export interface RowHtmlOptions {
  brandKey: string
  base: string
  suffix: string
  canEdit: boolean
  selectAll: boolean
}

/** The cells of a closed row of the products table (not the atelier's, which shows progress). */
export function listingRowCellsHtml(row: ListingRow, options: RowHtmlOptions): string {
  const name = escapeHtml(row.style_name)
  const key = escapeHtml(row.key)
  let html = ''
  if (options.canEdit) {
    html += row.editable
      ? `<td><input type="checkbox" name="keys" form="bulk-delete" aria-label="Select ${name}" class="h-4 w-4"${options.selectAll ? ' checked=""' : ''} value="${key}"/></td>`
      : '<td></td>'
  }
  html += row.thumbnail
    ? `<td><img src="${escapeHtml(row.thumbnail)}" alt="${name}" loading="lazy" decoding="async" width="300" height="400" class="aspect-product rounded-md bg-canvas object-cover w-12"/></td>`
    : `<td><span role="img" aria-label="${name}: no image yet" data-testid="thumbnail-placeholder" class="flex aspect-product items-center justify-center rounded-md bg-gradient-to-b from-stone-100 to-stone-200 text-stone-400 w-12">${HANGER}</span></td>`
  const href = `/brand/${options.brandKey}/products/listing/${row.key}`
  html += `<td class="font-medium"><a href="${escapeHtml(href)}" data-nav="true" class="hover:underline">${name}</a></td>`
  html += `<td class="whitespace-nowrap text-muted">${escapeHtml(row.style_number)}</td>`
  html += `<td>${escapeHtml(row.category_names.join(', '))}</td>`
  html += `<td>${escapeHtml(row.line_name ?? '')}</td>`
  html += `<td>${escapeHtml(sizing(row))}</td>`
  html += `<td>${colourHtml(row)}</td>`
  html += `<td><span class="inline-flex items-center gap-1">${row.addition ? ADDITION : ''}<span class="${badgeClass(statusTone(row.status))}">${escapeHtml(row.status)}</span></span></td>`
  const toggle = `${options.base}${options.suffix}${options.suffix ? '&' : '?'}menu=${row.key}#row-${row.key}`
  html += `<td class="text-right"><span class="relative inline-block"><a href="${escapeHtml(toggle)}" data-row-menu="${key}" aria-label="${name} menu" aria-expanded="false" class="flex items-center rounded-md px-2 py-1 hover:bg-black/5"><span aria-hidden="true">⋯</span></a></span></td>`
  return html
}

const ADDITION =
  '<span title="Addition" data-testid="addition-badge" class="inline-flex h-5 w-5 items-center justify-center rounded-full bg-accent text-xs font-semibold text-white">a</span>'

function colourHtml(row: ListingRow): string {
  const label = row.color.name ?? row.color.code
  if (!row.color.name && !row.color.code) return ''
  const swatch = row.color.hexCode
    ? `<span aria-hidden="true" class="h-3 w-3 rounded-full border border-black/10" style="background-color:${escapeHtml(row.color.hexCode.trim())}"></span>`
    : ''
  return `<span class="inline-flex items-center gap-2">${swatch}${escapeHtml(label ?? '')}</span>`
}
