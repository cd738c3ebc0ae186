// The products list's style dropdown on a brand with many styles: it offers the first 30 by
// name, always keeps the chosen ones (ticked, first), finds others by name or number through its
// own search field, and never lists another brand's styles (docs/decisions/079).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { styles } from '#db/schema'
import { newKey } from '#app/platform/ids'
import { actorForAccount } from '#app/features/identity/accounts.server'
import {
  filterChoicesColumn,
  listFilterChoices,
  listListingsWith,
  STYLE_CHOICES_LIMIT,
} from '#app/features/catalogue/listings.server'
import { parseFilterQuery } from '#app/features/catalogue/listing-filter'
import { loadServerBuild, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { createBrand, createMember, type BrandFixture } from '#tests/support/factories'
import { createListing } from '#tests/support/catalogue-factories'
import type { Actor } from '#app/platform/access/actor'

let portal: TestPortal
let brand: BrandFixture
let other: BrandFixture
let reader: Actor
let cookie: string
/** Style keys by name: Style 001 … Style 045. */
const styleKeys = new Map<string, string>()

beforeAll(async () => {
  portal = await startTestPortal({ remixBuild: await loadServerBuild() })
  brand = await createBrand(portal.deps)
  other = await createBrand(portal.deps)
  const rows = Array.from({ length: 45 }, (_, i) => {
    const name = `Style ${String(i + 1).padStart(3, '0')}`
    const key = newKey()
    styleKeys.set(name, key)
    return { key, brandKey: brand.key, name, number: `ST-${7000 + i}` }
  })
  await portal.deps.db.insert(styles).values(rows)
  await portal.deps.db
    .insert(styles)
    .values({ key: newKey(), brandKey: other.key, name: 'Style 999', number: 'ST-7999' })
  const member = await createMember(portal.deps, [{ brand: brand.key, type: 'read' }])
  reader = await actorForAccount(portal.deps, member.key)
  cookie = await sessionCookieFor(portal, member.email)
})
afterAll(() => portal?.destroy())

describe('the style choices', () => {
  it('offer the first 30 by name and say there are more', async () => {
    const choices = await listFilterChoices(portal.deps, reader, brand.key)
    expect(choices.styles).toHaveLength(STYLE_CHOICES_LIMIT)
    // Named with their number, since styles often share a name across seasons.
    expect(choices.styles[0]!.name).toBe('Style 001 · ST-7000')
    expect(choices.styles.at(-1)!.name).toBe('Style 030 · ST-7029')
    expect(choices.moreStyles).toBe(true)
  })

  it('keep a chosen style beyond the first 30, first in the list', async () => {
    const chosen = styleKeys.get('Style 044')!
    const choices = await listFilterChoices(portal.deps, reader, brand.key, { selectedStyles: [chosen] })
    expect(choices.styles[0]).toEqual({ key: chosen, name: 'Style 044 · ST-7043' })
    expect(choices.styles.filter((style) => style.key === chosen)).toHaveLength(1)
  })

  it('find styles by name or number, only the brand’s own', async () => {
    const byNumber = await listFilterChoices(portal.deps, reader, brand.key, { styleSearch: 'st-704' })
    expect(byNumber.styles.map((style) => style.name)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Style ${String(41 + i).padStart(3, '0')} · ST-${7040 + i}`),
    )
    expect(byNumber.moreStyles).toBe(false)
    const otherBrands = await listFilterChoices(portal.deps, reader, brand.key, { styleSearch: 'Style 999' })
    expect(otherBrands.styles).toEqual([])
    // A typed % is a letter, not a wildcard.
    expect((await listFilterChoices(portal.deps, reader, brand.key, { styleSearch: '%' })).styles).toEqual([])
  })

  it('show on the page with the dropdown’s own search field', async () => {
    const page = await fetch(`${portal.url}/brand/${brand.key}/products`, { headers: { cookie } })
    const html = await page.text()
    expect(html).toContain('name="styleSearch"')
    expect(html).toContain('Type a name or number to find more styles.')
    expect(html).toContain('Style 030')
    expect(html).not.toContain('Style 031')
    const found = await fetch(`${portal.url}/brand/${brand.key}/products?styleSearch=Style%20045`, {
      headers: { cookie },
    })
    const foundHtml = await found.text()
    expect(foundHtml).toContain('Style 045')
    expect(foundHtml).not.toContain('Style 001')
  })

  it('come with the rows in one statement, as they come alone', async () => {
    const chosen = styleKeys.get('Style 044')!
    await createListing(portal.deps, brand.key, { styleKey: chosen, styleName: 'Style 044', styleNumber: 'ST-7043' })
    const options = { selectedStyles: [chosen], styleSearch: 'st-70' }
    const parsed = parseFilterQuery({})
    if (!parsed.ok) throw new Error(parsed.message)
    const filter = { ...parsed.value, styles: [chosen] }
    const { page, values } = await listListingsWith(portal.deps, reader, brand.key, filter, {
      choices: filterChoicesColumn(reader, brand.key, options),
    })
    expect(page.data.map((row) => row.style_name)).toEqual(['Style 044'])
    expect(values.choices).toEqual(await listFilterChoices(portal.deps, reader, brand.key, options))
    expect(values.choices.styles[0]).toEqual({ key: chosen, name: 'Style 044 · ST-7043' })
    // A page with no rows still brings its choices.
    const none = await listListingsWith(
      portal.deps,
      reader,
      brand.key,
      { ...filter, search: 'nothing like it' },
      {
        choices: filterChoicesColumn(reader, brand.key, options),
      },
    )
    expect(none.page.data).toEqual([])
    expect(none.values.choices).toEqual(values.choices)
  })
})
