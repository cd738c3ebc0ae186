// The listing detail page and sharing a line, continued (the setup is\ntests/support/listing-detail-world.ts): the listing page without JavaScript, and sharing a line.
import { invites, teams } from '#db/schema'
import { createListing, createStyleIn } from '#tests/support/catalogue-factories'
import { createAccount, grant } from '#tests/support/factories'
import { readOutbox } from '#tests/support/portal'
import { and, eq, getTableName, type Table } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { NAME_MESSAGES } from '#app/platform/name-rule'
import {
  INVALID_STYLE_NAME,
  brand,
  browserOf,
  collectionOf,
  editor,
  knit,
  listingRow,
  otherBrand,
  outsider,
  owner,
  portal,
  reader,
  style,
  tops,
  setUpListingDetailWorld,
} from '#tests/support/listing-detail-world'

setUpListingDetailWorld()

describe('the listing page without JavaScript', () => {
  it('shows the listing with breadcrumbs, look n / total and the edit menu to owners and editors only', async () => {
    const place = collectionOf(brand, 1)
    const first = await createListing(portal.deps, brand.key, {
      ...place,
      lookNumber: 4,
      styleName: 'Look Four',
      addition: true,
    })
    const second = await createListing(portal.deps, brand.key, { ...place, lookNumber: 9, styleName: 'Look Nine' })
    const path = `/brand/${brand.key}/products/listing/${second.key}`
    const ownerPage = await (await browserOf(owner)).get(path)
    expect(ownerPage.status).toBe(200)
    const html = await ownerPage.text()
    expect(html).toContain('Look Nine')
    expect(html).toMatch(/Look <!-- -->2<!-- --> \/ <!-- -->2/)
    expect(html).toContain(`/products/listing/${first.key}`)
    expect(html).toContain('Line 2')
    expect(html).toContain('Collection 2.1')
    expect(html).toContain('aria-label="Edit menu"')
    expect(html).toContain(`${path}/delete`)
    expect(html).toContain('data-testid="placeholder-image"')

    const readerBrowser = await browserOf(reader)
    const readerHtml = await (await readerBrowser.get(path)).text()
    expect(readerHtml).toContain('Look Nine')
    expect(readerHtml).not.toContain('aria-label="Edit menu"')
    expect(readerHtml).not.toContain(`${path}/delete`)
    const readerEdit = await (await readerBrowser.get(`${path}?edit=true`)).text()
    expect(readerEdit).not.toContain('>Save<')
    expect((await readerBrowser.get(`${path}/delete`)).status).toBe(403)
  })

  it('steps through three photos with arrows that wrap, as links that work without JavaScript', async () => {
    const listing = await createListing(portal.deps, brand.key, {
      media: {
        a: { key: 'a', name: 'front', position: 1, src: '/img/a.png' },
        b: { key: 'b', name: 'back', position: 2, src: '/img/b.png' },
        c: { key: 'c', name: 'detail', position: 3, src: '/img/c.png' },
      },
    })
    const path = `/brand/${brand.key}/products/listing/${listing.key}`
    const browser = await browserOf(reader)
    const arrows = async (query: string) => {
      const html = await (await browser.get(`${path}${query}`)).text()
      const href = (label: string) =>
        new RegExp(`<a [^>]*aria-label="${label}"[^>]*>|<a [^>]*href="([^"]*)"[^>]*aria-label="${label}"`)
      const link = (label: string) =>
        (html.match(href(label))?.[0] ?? '').match(/href="([^"]*)"/)?.[1]?.replace(/&amp;/g, '&') ?? null
      return { previous: link('Previous image'), next: link('Next image') }
    }
    // Photos count from 1 in the address; the last one's Next leads back to the first.
    expect(await arrows('')).toEqual({ previous: `${path}?image=3`, next: `${path}?image=2` })
    expect(await arrows('?image=3')).toEqual({ previous: `${path}?image=2`, next: `${path}?image=1` })
    const larger = await (await browser.get(`${path}/larger?image=3`)).text()
    // The larger view's arrows stay in the larger view, and wrap the same way.
    expect(larger).toMatch(/aria-label="Next image"[^>]*href="[^"]*\/larger\?image=1"/)
    expect(larger).toMatch(/aria-label="Previous image"[^>]*href="[^"]*\/larger\?image=2"/)
  })

  it('answers 404 to an outsider on every page of a listing and a product, and for another brand', async () => {
    const listing = await createListing(portal.deps, brand.key, { styleKey: style })
    const outsiderBrowser = await browserOf(outsider)
    const base = `/brand/${brand.key}/products`
    for (const path of [
      `${base}/listing/${listing.key}`,
      `${base}/listing/${listing.key}?edit=true`,
      `${base}/listing/${listing.key}/larger?image=1`,
      `${base}/listing/${listing.key}/delete`,
      `${base}/${style}`,
      `${base}/${style}/larger`,
      `${base}/share`,
    ]) {
      expect((await outsiderBrowser.get(path)).status, path).toBe(404)
    }
    // The outsider's own brand in the address does not open the listing either.
    const ownBrand = await outsiderBrowser.get(`/brand/${otherBrand.key}/products/listing/${listing.key}`)
    expect(ownBrand.status).toBe(404)
    const ownerBrowser = await browserOf(owner)
    expect((await ownerBrowser.get(`${base}/no-such-product`)).status).toBe(404)
    expect((await ownerBrowser.get(`${base}/listing/no-such-listing`)).status).toBe(404)
  })

  it('says "Error getting categories." when they cannot be read, and a save then keeps the listing\'s categories', async () => {
    const listing = await createListing(portal.deps, brand.key, { categories: [tops, knit] })
    const path = `/brand/${brand.key}/products/listing/${listing.key}`
    const browser = await browserOf(editor)
    // The categories table fails to answer for a moment (the portal runs in this process).
    const db = portal.deps.db
    const select = db.select.bind(db)
    const failing = (...fields: Parameters<typeof select>) => {
      const builder = select(...fields)
      const from = builder.from.bind(builder)
      return Object.assign(builder, {
        from: (table: Parameters<typeof from>[0]) => {
          // By name: the portal is the built bundle, with its own copy of the schema's tables.
          if (getTableName(table as Table) === 'categories') throw new Error('categories are unavailable')
          return from(table)
        },
      })
    }
    db.select = failing as typeof db.select
    const logged: string[] = []
    const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void logged.push(String(line)))
    let html: string
    try {
      const page = await browser.get(`${path}?edit=true`)
      expect(page.status).toBe(200)
      html = await page.text()
    } finally {
      db.select = select as typeof db.select
      spy.mockRestore()
    }
    // Reported for the operators, once.
    expect(logged.filter((line) => line.includes('categories load failure'))).toHaveLength(1)
    expect(html).toContain('Error getting categories.')
    expect(html).toContain('Boxy Tee')
    // Saved later, from that page: it sends the listing's categories, kept in hidden fields.
    const kept = [...html.matchAll(/type="hidden" name="categories" value="([^"]+)"/g)].map((m) => m[1]!)
    expect(kept).toEqual([tops, knit])
    const saved = await browser.post(`${path}?edit=true`, {
      style_name: 'Boxy Tee Kept',
      style_number: listing.styleNumber,
      categories: kept,
    })
    expect(saved.status).toBe(302)
    expect(await listingRow(listing.key)).toMatchObject({ styleName: 'Boxy Tee Kept', categories: [tops, knit] })
    expect(await (await browser.get(path)).text()).not.toContain('Error getting categories.')
  })

  it('edits with the form: an invalid style name shows the message and saves nothing, a valid one saves', async () => {
    const listing = await createListing(portal.deps, brand.key, { categories: [tops] })
    const path = `/brand/${brand.key}/products/listing/${listing.key}`
    const browser = await browserOf(editor)
    const form = {
      style_name: 'Boxy Tee 😀',
      style_number: 'BT-200',
      sku: 'BT-200-M',
      upc: '012345678905',
      units: '40',
      categories: [tops, knit],
    }
    const refused = await browser.post(`${path}?edit=true`, form)
    expect(refused.status).toBe(400)
    const refusedHtml = await refused.text()
    expect(refusedHtml).toContain(`${INVALID_STYLE_NAME} ${NAME_MESSAGES.emoji}`)
    // catalogue.md §8: the form says it was refused, above the fields.
    expect(refusedHtml).toContain(
      'Review the form for errors. You can also reach our Client Services Department by email at: clientservices@',
    )
    expect(await listingRow(listing.key)).toEqual(listing)

    const saved = await browser.post(`${path}?edit=true`, { ...form, style_name: 'Boxy Tee Two' })
    expect(saved.status).toBe(302)
    expect(saved.headers.get('location')).toBe(path)
    expect(await listingRow(listing.key)).toMatchObject({
      styleName: 'Boxy Tee Two',
      styleNumber: 'BT-200',
      sku: 'BT-200-M',
      units: 40,
      categories: [tops, knit],
      // Emptied on the form: cleared.
      description: null,
      materials: null,
    })
    const after = await (await browser.get(path)).text()
    expect(after).toContain('Product has been updated successfully.')
    expect(after).toContain('Boxy Tee Two')
  })

  it('refuses the edit form and the delete to a read member, changing nothing', async () => {
    const listing = await createListing(portal.deps, brand.key)
    const path = `/brand/${brand.key}/products/listing/${listing.key}`
    const browser = await browserOf(reader)
    const refused = await browser.post(path, { style_name: 'Taken Over' })
    expect(refused.status).toBe(403)
    expect(await refused.text()).toContain(
      'Please ensure you have proper permissions, and contact client services by e-mail clientservices@',
    )
    expect((await browser.post(`${path}/delete`, {})).status).toBe(403)
    expect(await listingRow(listing.key)).toEqual(listing)
  })

  it('deletes after the confirmation and answers the products list with the toast', async () => {
    const listing = await createListing(portal.deps, brand.key)
    const path = `/brand/${brand.key}/products/listing/${listing.key}`
    const browser = await browserOf(owner)
    const confirm = await (await browser.get(`${path}/delete`)).text()
    expect(confirm).toContain(
      'Deleting product can&#x27;t be undone. Are you sure you want to continue delete this product ?',
    )
    const deleted = await browser.post(`${path}/delete`, {})
    expect(deleted.status).toBe(302)
    expect(deleted.headers.get('location')).toBe(`/brand/${brand.key}/products`)
    expect(await listingRow(listing.key)).toBeUndefined()
    const list = await (await browser.get(`/brand/${brand.key}/products`)).text()
    expect(list).toContain('Product has been deleted successfully.')
  })

  it('shows the product page with its listings, and the media upload step after it', async () => {
    const product = await createStyleIn(portal.deps, brand.key, collectionOf(brand).collectionKey, 'Field Jacket')
    const listing = await createListing(portal.deps, brand.key, {
      styleKey: product,
      styleName: 'Field Jacket',
      materials: 'Waxed cotton',
    })
    const browser = await browserOf(reader)
    const page = await browser.get(`/brand/${brand.key}/products/${product}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Field Jacket')
    expect(html).toContain('Waxed cotton')
    expect(html).toContain(`/products/listing/${listing.key}`)
    expect(html).toContain(`/brand/${brand.key}/style/${product}`)
    // The media upload step after the spreadsheet is built too.
    const upload = await browser.get(`/brand/${brand.key}/products/media/upload`)
    expect(upload.status).toBe(200)
    expect(await upload.text()).toContain('Product Media Upload')
  })
})

describe('sharing a line', () => {
  const teamsOfLine = (line: string) =>
    portal.deps.db
      .select()
      .from(teams)
      .where(and(eq(teams.model, 'Line'), eq(teams.modelId, line)))

  it('is refused to a read member (back to the brand) and an outsider (404)', async () => {
    const path = `/brand/${brand.key}/products/share`
    const readerBrowser = await browserOf(reader)
    const readerPage = await readerBrowser.get(path)
    expect(readerPage.status).toBe(302)
    expect(readerPage.headers.get('location')).toBe(`/brand/${brand.key}`)
    const posted = await readerBrowser.post(path, { line: brand.lines[0]!.key, name: 'Nia', email: 'nia@share.test' })
    expect(posted.status).toBe(302)
    expect(posted.headers.get('location')).toBe(`/brand/${brand.key}`)
    expect(
      (
        await (
          await browserOf(outsider)
        ).post(path, { line: brand.lines[0]!.key, name: 'Nia', email: 'nia@share.test' })
      ).status,
    ).toBe(404)
    expect(await portal.deps.db.select().from(invites).where(eq(invites.email, 'nia@share.test'))).toEqual([])
  })

  it('shows the Permissions dropdown only to an admin, and the line named in the address', async () => {
    const line = brand.lines[1]!
    const adminHtml = await (
      await (await browserOf(owner)).get(`/brand/${brand.key}/products/share?line=${line.key}`)
    ).text()
    expect(adminHtml).toContain('>Permissions</label>')
    expect(adminHtml).toContain('>Sales Rep</option>')
    expect(adminHtml).toContain(`Share ${line.name}`)
    const editorHtml = await (await (await browserOf(editor)).get(`/brand/${brand.key}/products/share`)).text()
    expect(editorHtml).not.toContain('>Permissions</label>')
    expect(editorHtml).not.toContain('>Sales Rep</option>')
    expect(editorHtml).toContain('Choose a line')
  })

  it('refuses a missing name and a bad e-mail under the fields, creating nothing', async () => {
    const line = brand.lines[0]!
    const browser = await browserOf(editor)
    const answer = await browser.post(`/brand/${brand.key}/products/share`, {
      line: line.key,
      name: '',
      email: 'not-an-email',
    })
    expect(answer.status).toBe(400)
    const html = await answer.text()
    expect(html).toContain('Name is required.')
    expect(html).toContain('Invalid Email.')
    expect(await teamsOfLine(line.key)).toEqual([])
  })

  it('creates the line team once, invites with editor on the line and read on the brand, and e-mails the link', async () => {
    const sharer = await createAccount(portal.deps, { name: 'Sam' })
    await grant(portal.deps, sharer.key, { brand: brand.key, type: 'editor' })
    const line = brand.lines[0]!
    const browser = await browserOf(sharer)
    const email = `shared-${Date.now()}@share.test`
    // An editor's Permissions choice is not theirs to make: the spec's designer default applies.
    const answer = await browser.post(`/brand/${brand.key}/products/share`, {
      line: line.key,
      name: 'Sasha Shared',
      email,
      permission: 'admin',
    })
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe(`/brand/${brand.key}/products`)
    const [team, ...more] = await teamsOfLine(line.key)
    expect(more).toEqual([])
    expect(team).toMatchObject({
      name: 'Line 1',
      brandKey: brand.key,
      grants: [{ model: 'Line', model_id: line.key, type: 'editor' }],
    })
    const [invite] = await portal.deps.db.select().from(invites).where(eq(invites.email, email))
    expect(invite).toMatchObject({
      firstName: 'Sasha',
      lastName: 'Shared',
      role: 'user',
      jobType: 'designer',
      teamKey: team!.key,
      status: 'invited',
    })
    expect(invite!.permissions).toEqual([
      { model: 'Brand', model_id: brand.key, type: 'read' },
      { model: 'Line', model_id: line.key, type: 'editor' },
    ])
    const mail = (await readOutbox(portal.deps.mailer.outboxDir!)).find((message) => message.to === email)
    expect(mail?.text).toContain('/invite?token=')
    const list = await (await browser.get(`/brand/${brand.key}/products`)).text()
    expect(list).toContain('Creating team: Line 1')
    expect(list).toContain(`${email} has been invited to Line 1`)
    expect(list).toContain(`Invite has been delivered to ${email}`)

    // A second share of the same line joins the same team.
    const again = await browser.post(`/brand/${brand.key}/products/share`, {
      line: line.key,
      name: 'Rui',
      email: `again-${email}`,
    })
    expect(again.status).toBe(302)
    expect(await teamsOfLine(line.key)).toHaveLength(1)
    const second = await (await browser.get(`/brand/${brand.key}/products`)).text()
    expect(second).not.toContain('Creating team')
  })
})
