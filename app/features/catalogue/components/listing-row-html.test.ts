// The products table's closed rows are sent as HTML text (listing-row-html.ts): they must be, byte
// for byte, what the row's React components render, for every kind of row.
import { createElement, type ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { escapeHtml } from '#app/ui/html-text'
import { listingRowCellsHtml } from './listing-row-html'
import type { ListingRow, ProductsListProps } from './products-list-props'
import { ListingTableRow } from './products-table'

const ROW: ListingRow = {
  key: 'kda9cuijieb4hvqx',
  style: 'u5k2rb9sr8sejqwx',
  style_name: 'Pleated Trouser',
  style_number: 'DB-1002',
  sku: null,
  category_names: ['Bottoms', 'Sustainable'],
  line_name: 'Womenswear',
  size: { name: 'S' },
  size_description: 'Size S',
  color: { name: 'Ivory', code: 'IVR', hexCode: '#f4efe6' },
  status: 'active',
  addition: false,
  thumbnail: '/blobs/brands/b/listings/trouser_300x400.jpg?expires=1795929300&signature=FYyYw-_nkT',
  editable: true,
}

/** Rows of every kind: names in other alphabets and with markup, no photo, no colour, each status. */
const ROWS: ListingRow[] = [
  ROW,
  { ...ROW, key: 'k2', style_name: 'Café Señora <b>"Robe" & \'Jupe\'</b>', addition: true, status: 'draft' },
  { ...ROW, key: 'k3', thumbnail: null, editable: false, status: 'discontinued', category_names: [] },
  { ...ROW, key: 'k4', line_name: null, size: {}, size_description: null, color: {}, status: 'pending' },
  { ...ROW, key: 'k5', size: {}, color: { code: 'BLK' }, style_name: 'Πλισέ φούστα 日本 ỉ', status: 'archived' },
  { ...ROW, key: 'k6', color: { name: 'Rose', hexCode: ' #ffc0cb ' }, style_number: 'A&B<1>' },
]

function props(overrides: Partial<ProductsListProps> = {}): ProductsListProps & { suffix: string; openMenu: null } {
  return {
    rows: ROWS,
    atelier: false,
    brandKey: 'r69dzdges8ee9wr7',
    base: '/brand/r69dzdges8ee9wr7/products',
    canEdit: true,
    selectAll: false,
    suffix: '',
    openMenu: null,
    ...overrides,
  } as ProductsListProps & { suffix: string; openMenu: null }
}

/** A row as the server renders it (a closed row uses no router hook). */
function rendered(row: ReactElement): string {
  return renderToString(createElement('table', null, createElement('tbody', null, row)))
}

describe('a products row as HTML text', () => {
  const cases = [
    { name: 'an editor', options: {} },
    { name: 'an editor with every row selected', options: { selectAll: true } },
    { name: 'a reader', options: { canEdit: false } },
    { name: 'a filtered list', options: { suffix: '?lines=l1&page=2' } },
  ]
  for (const { name, options } of cases) {
    it(`is what the row's components render, for ${name}`, () => {
      const listProps = props(options)
      for (const row of ROWS) {
        const reference = rendered(createElement(ListingTableRow, { ...listProps, row }))
        const text = rendered(
          createElement('tr', {
            id: `row-${row.key}`,
            'data-testid': 'listing-row',
            'data-key': row.key,
            className: 'hover:bg-canvas',
            dangerouslySetInnerHTML: { __html: listingRowCellsHtml(row, listProps) },
          }),
        )
        expect(text, row.style_name).toBe(reference)
      }
    })
  }

  it('escapes what React escapes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#x27;&amp;&#x27;&lt;/a&gt;')
    expect(listingRowCellsHtml({ ...ROW, style_name: '<script>alert(1)</script>' }, props())).not.toContain('<script>')
  })
})
