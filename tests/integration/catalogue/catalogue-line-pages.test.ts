// Lines and collections, continued (the setup is tests/support/catalogue-lines-world.ts): their\npages without JavaScript, and the admin's brand menu.
import { brands, collections, grants, lines, listings } from '#db/schema'
import { createListing } from '#tests/support/catalogue-factories'
import { createAccount, createBrand, createInvite, createMember } from '#tests/support/factories'
import { api, sessionCookieFor } from '#tests/support/portal'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  brand,
  browserOf,
  collectionsOf,
  editor,
  linesOf,
  otherBrand,
  outsider,
  owner,
  portal,
  reader,
  setUpCatalogueLinesWorld,
} from '#tests/support/catalogue-lines-world'

setUpCatalogueLinesWorld()

describe('the line and collection pages without JavaScript', () => {
  it('create a line from the dialog: toast, then the line page', async () => {
    const browser = await browserOf(owner)
    const refused = await browser.post(`/brand/${brand.key}/lines/create`, { name: ' ', description: '' })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('Line name is required.')
    const created = await browser.post(`/brand/${brand.key}/lines/create`, { name: 'Bridal', description: 'Gowns' })
    expect(created.status).toBe(302)
    const [row] = await portal.deps.db
      .select()
      .from(lines)
      .where(and(eq(lines.brandKey, brand.key), eq(lines.name, 'Bridal')))
    expect(row).toMatchObject({ description: 'Gowns' })
    expect(created.headers.get('location')).toBe(`/brand/${brand.key}/line/${row!.key}`)
    const page = await browser.get(created.headers.get('location')!)
    const html = await page.text()
    expect(html).toContain('Line Bridal has been created')
    expect(html).toContain(`/brand/${brand.key}/products?lines=${row!.key}`)
  })

  it('create a collection from the dialog and show it under its line heading', async () => {
    const browser = await browserOf(owner)
    const line = brand.lines[0]!
    const refused = await browser.post(`/brand/${brand.key}/collections/create`, { name: 'Half', line: line.key })
    expect(refused.status).toBe(400)
    const refusedHtml = await refused.text()
    expect(refusedHtml).toContain('Season is required.')
    expect(refusedHtml).toContain('Year is required.')
    const created = await browser.post(`/brand/${brand.key}/collections/create`, {
      name: 'Linen Story',
      season: 'spring_summer',
      year: '2027',
      line: line.key,
    })
    expect(created.status).toBe(302)
    const [row] = await portal.deps.db.select().from(collections).where(eq(collections.name, 'Linen Story'))
    expect(row).toMatchObject({ season: 'spring_summer', year: 2027, lineKey: line.key })
    // It lands on the new collection: its products (catalogue.md §2, where /collection/{key} leads).
    expect(created.headers.get('location')).toBe(`/brand/${brand.key}/products?collections=${row!.key}`)
    const landed = await browser.get(created.headers.get('location')!)
    expect(await landed.text()).toContain('Collection Linen Story has been created')
    const wrongSeason = await browser.post(`/brand/${brand.key}/collections/create`, {
      name: 'Odd',
      season: 'monsoon',
      year: '2027',
    })
    expect(wrongSeason.status).toBe(400)
    expect(await wrongSeason.text()).toContain('Season must be one of Spring/Summer, Fall/Winter, Prefall, Resort.')
    const html = await (await browser.get(`/brand/${brand.key}/collections`)).text()
    // The heading of its line comes before it, and it links to its products.
    const section = html.slice(html.indexOf(`aria-label="${line.name}"`))
    expect(section.indexOf('Linen Story')).toBeGreaterThan(0)
    expect(html).toContain(`/brand/${brand.key}/products?collections=${row!.key}`)
    expect(html).toContain('Spring/Summer')
  })

  it("file a collection made on a line's page under that line", async () => {
    const browser = await browserOf(owner)
    const line = brand.lines[1]!
    const created = await browser.post(`/brand/${brand.key}/line/${line.key}/collections/create`, {
      name: 'Pre Drop',
      season: 'prefall',
      year: '2026',
    })
    expect(created.status).toBe(302)
    const [row] = await portal.deps.db.select().from(collections).where(eq(collections.name, 'Pre Drop'))
    expect(row).toMatchObject({ lineKey: line.key, season: 'prefall', year: 2026 })
    expect(created.headers.get('location')).toBe(`/brand/${brand.key}/products?collections=${row!.key}`)
  })

  it('edit a line and a collection with their forms', async () => {
    const browser = await browserOf(editor)
    const line = brand.lines[0]!
    const edited = await browser.post(`/brand/${brand.key}/line/${line.key}/edit`, {
      name: 'Womens',
      description: 'RTW',
    })
    expect(edited.status).toBe(302)
    expect(edited.headers.get('location')).toBe(`/brand/${brand.key}/line/${line.key}`)
    const [lineRow] = await portal.deps.db.select().from(lines).where(eq(lines.key, line.key))
    expect(lineRow).toMatchObject({ name: 'Womens', description: 'RTW' })

    const key = line.collections[0]!
    const bad = await browser.post(`/brand/${brand.key}/collection/${key}/edit`, {
      name: 'X',
      season: 'resort',
      year: '1800',
    })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('Year must be a whole number from 2000 to 2100.')
    const saved = await browser.post(`/brand/${brand.key}/collection/${key}/edit`, {
      name: 'Coastal',
      season: 'resort',
      year: '2029',
      line: line.key,
    })
    expect(saved.status).toBe(302)
    expect(saved.headers.get('location')).toBe(`/brand/${brand.key}/line/${line.key}/collections`)
    const [row] = await portal.deps.db.select().from(collections).where(eq(collections.key, key))
    expect(row).toMatchObject({ name: 'Coastal', season: 'resort', year: 2029, lineKey: line.key })
  })

  it('show no create buttons to an editor or read member, and refuse their forms', async () => {
    for (const account of [editor, reader]) {
      const browser = await browserOf(account)
      const linesHtml = await (await browser.get(`/brand/${brand.key}/lines`)).text()
      expect(linesHtml).not.toContain('Create a line')
      const collectionsHtml = await (await browser.get(`/brand/${brand.key}/collections`)).text()
      expect(collectionsHtml).not.toContain('Create New Collection')
      // By URL: the gate sends them to the brand dashboard with the info message.
      const page = await browser.get(`/brand/${brand.key}/lines/create`)
      expect(page.status).toBe(302)
      expect(page.headers.get('location')).toBe(`/brand/${brand.key}`)
      const before = (await linesOf(brand.key)).length
      const post = await browser.post(`/brand/${brand.key}/lines/create`, { name: 'Sneaky' })
      expect(post.status).toBe(302)
      expect(await linesOf(brand.key)).toHaveLength(before)
    }
    const readBrowser = await browserOf(reader)
    const edit = await readBrowser.post(`/brand/${brand.key}/line/${brand.lines[0]!.key}/edit`, { name: 'Read Edit' })
    expect(edit.status).toBe(302)
    const [lineRow] = await portal.deps.db.select().from(lines).where(eq(lines.key, brand.lines[0]!.key))
    expect(lineRow!.name).not.toBe('Read Edit')
  })

  it('answer 404 to an outsider on every page and form, and on the short addresses', async () => {
    const browser = await browserOf(outsider)
    const line = brand.lines[0]!
    const collection = brand.collections[0]!
    for (const path of [
      `/brand/${brand.key}/lines`,
      `/brand/${brand.key}/lines/create`,
      `/brand/${brand.key}/lines/${line.key}/info`,
      `/brand/${brand.key}/lines/${line.key}/access`,
      `/brand/${brand.key}/line/${line.key}`,
      `/brand/${brand.key}/line/${line.key}/edit`,
      `/brand/${brand.key}/line/${line.key}/collections`,
      `/brand/${brand.key}/line/${line.key}/collections/create`,
      `/brand/${brand.key}/collections`,
      `/brand/${brand.key}/collections/create`,
      `/brand/${brand.key}/collection/${collection}/edit`,
      `/line/${line.key}`,
      `/collection/${collection}`,
      // Their own brand's address does not show another brand's line either.
      `/brand/${otherBrand.key}/line/${line.key}`,
      `/brand/${otherBrand.key}/lines/${line.key}/info`,
    ]) {
      expect((await browser.get(path)).status, path).toBe(404)
    }
    const before = (await collectionsOf(brand.key)).length
    const post = await browser.post(`/brand/${brand.key}/collections/create`, {
      name: 'Out',
      season: 'resort',
      year: '2026',
    })
    expect(post.status).toBe(404)
    expect(await collectionsOf(brand.key)).toHaveLength(before)
  })

  it('send the short addresses to the brand pages, and show Info and Access', async () => {
    const browser = await browserOf(reader)
    const line = brand.lines[0]!
    const short = await browser.get(`/line/${line.key}`)
    expect(short.status).toBe(302)
    expect(short.headers.get('location')).toBe(`/brand/${brand.key}/line/${line.key}`)
    const collection = await browser.get(`/collection/${line.collections[0]!}`)
    expect(collection.headers.get('location')).toBe(`/brand/${brand.key}/products?collections=${line.collections[0]!}`)

    const lineTeamMember = await createMember(
      portal.deps,
      [
        { brand: brand.key, type: 'read' },
        { brand: brand.key, model: 'Line', modelId: line.key, type: 'editor' },
      ],
      { name: 'Linda' },
    )
    const access = await (await browser.get(`/brand/${brand.key}/lines/${line.key}/access`)).text()
    expect(access).toContain(lineTeamMember.email)
    expect(access).not.toContain(editor.email)
    const [current] = await portal.deps.db.select().from(lines).where(eq(lines.key, line.key))
    const count = (await collectionsOf(brand.key)).filter((row) => row.lineKey === line.key).length
    const info = await (await browser.get(`/brand/${brand.key}/lines/${line.key}/info`)).text()
    expect(info).toContain(`>${current!.name}</h2>`)
    expect(info).toMatch(new RegExp(`Collections</dt><dd[^>]*>${count}</dd>`))
  })
})

describe("the admin's brand menu", () => {
  it('deletes a brand only after its name is typed, hides it from everyone, and restores it', async () => {
    const house = await createBrand(portal.deps, { name: 'Archive House' })
    const admin = await createMember(portal.deps, [{ brand: house.key, type: 'owner' }], {
      name: 'Ada',
      fields: { role: 'admin', jobType: 'admin' },
    })
    const member = await createMember(portal.deps, [{ brand: house.key, type: 'editor' }], { name: 'Mem' })
    const invite = await createInvite(portal.deps, house.key)
    const adminBrowser = await browserOf(admin)
    const memberBrowser = await browserOf(member)
    expect(await (await adminBrowser.get('/brands')).text()).toContain('Delete Brand')
    const parse = () => api(portal, 'GET', `/api/invite/method/parse?token=${invite.token}`)
    expect((await parse()).status).toBe(200)
    expect(await (await fetch(`${portal.url}/?brand=${house.key}`)).text()).toContain('Archive House')

    const wrong = await adminBrowser.post(`/brands/${house.key}/delete`, { name: 'Archive' })
    expect(wrong.status).toBe(400)
    expect(await wrong.text()).toContain('Type the brand name')
    const [still] = await portal.deps.db.select().from(brands).where(eq(brands.key, house.key))
    expect(still!.archivedAt).toBeNull()

    const deleted = await adminBrowser.post(`/brands/${house.key}/delete`, { name: 'Archive House' })
    expect(deleted.status).toBe(302)
    expect(deleted.headers.get('location')).toBe('/brands')
    const [archived] = await portal.deps.db.select().from(brands).where(eq(brands.key, house.key))
    expect(archived!.archivedAt).not.toBeNull()
    expect(archived!.archivedBy).toBe(admin.key)

    // Gone for everyone: lists, pages and calls; the member's grants stay for a restore.
    expect(await (await memberBrowser.get('/brands')).text()).not.toContain('Archive House')
    expect((await memberBrowser.get(`/brand/${house.key}/lines`)).status).toBe(404)
    const memberCookie = await sessionCookieFor(portal, member.email, member.password)
    expect((await api(portal, 'GET', `/api/brand/model/${house.key}`, { cookie: memberCookie })).status).toBe(404)
    expect(
      (await api(portal, 'GET', `/api/line/query/brand?brand=${house.key}`, { cookie: memberCookie })).status,
    ).toBe(404)
    expect(
      await portal.deps.db
        .select()
        .from(grants)
        .where(and(eq(grants.brandKey, house.key), eq(grants.accountKey, member.key))),
    ).toHaveLength(1)
    const archivedView = await (await adminBrowser.get('/brands?show=archived')).text()
    expect(archivedView).toContain('Archive House')
    // Its invites and its login page are gone with it: no one lands on or signs up into it.
    expect(await parse()).toEqual({
      status: 404,
      body: {
        error: { type: 'NotFound', message: 'Invite Not Found. Please ask a team Admin to send you a new invite.' },
      },
    })
    expect(await (await fetch(`${portal.url}/?brand=${house.key}`)).text()).not.toContain('Archive House')

    const restored = await adminBrowser.post(`/brands/${house.key}/restore`, {})
    expect(restored.status).toBe(302)
    const [back] = await portal.deps.db.select().from(brands).where(eq(brands.key, house.key))
    expect(back!.archivedAt).toBeNull()
    expect(await (await memberBrowser.get('/brands')).text()).toContain('Archive House')
    expect((await memberBrowser.get(`/brand/${house.key}/lines`)).status).toBe(200)
    expect((await parse()).status).toBe(200)
  })

  it('does the same through the API: delete with the typed name, list archived, restore, give up grants', async () => {
    const house = await createBrand(portal.deps, { name: 'Api House' })
    const admin = await createMember(portal.deps, [{ brand: house.key, type: 'owner' }], {
      name: 'Ana',
      fields: { role: 'admin', jobType: 'admin' },
    })
    const member = await createMember(portal.deps, [{ brand: house.key, type: 'editor' }], { name: 'Mo' })
    const plainOwner = await createMember(portal.deps, [{ brand: house.key, type: 'owner' }], { name: 'Pia' })
    const stranger = await createAccount(portal.deps, { name: 'Stra', fields: { role: 'admin', jobType: 'admin' } })
    const [adminCookie, memberCookie, ownerCookie, strangerCookie] = await Promise.all(
      [admin, member, plainOwner, stranger].map((account) => sessionCookieFor(portal, account.email, account.password)),
    )
    const archivedAt = async () =>
      (await portal.deps.db.select().from(brands).where(eq(brands.key, house.key)))[0]!.archivedAt

    const wrong = await api(portal, 'DELETE', `/api/brand/model/${house.key}`, {
      cookie: adminCookie,
      body: { name: 'Api' },
    })
    expect(wrong).toMatchObject({ status: 400, body: { error: { type: 'ValidationError' } } })
    expect(wrong.body.error!.message).toBe('name: Type the brand name "Api House" to delete it.')
    expect(
      (
        await api(portal, 'DELETE', `/api/brand/model/${house.key}`, {
          cookie: ownerCookie,
          body: { name: 'Api House' },
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await api(portal, 'DELETE', `/api/brand/model/${house.key}`, {
          cookie: strangerCookie,
          body: { name: 'Api House' },
        })
      ).status,
    ).toBe(404)
    expect(await archivedAt()).toBeNull()

    const deleted = await api(portal, 'DELETE', `/api/brand/model/${house.key}`, {
      cookie: adminCookie,
      body: { name: 'Api House' },
    })
    expect(deleted).toMatchObject({ status: 200, body: { data: { key: house.key, name: 'Api House' } } })
    expect(await archivedAt()).not.toBeNull()
    expect((await api(portal, 'GET', `/api/brand/model/${house.key}`, { cookie: memberCookie })).status).toBe(404)
    const archived = await api(portal, 'GET', '/api/brand/query/archived', { cookie: adminCookie })
    expect((archived.body.data as { key: string }[]).map((brand) => brand.key)).toContain(house.key)
    const strangerList = await api(portal, 'GET', '/api/brand/query/archived', { cookie: strangerCookie })
    expect((strangerList.body.data as { key: string }[]).map((brand) => brand.key)).not.toContain(house.key)

    expect(
      (await api(portal, 'POST', '/api/brand/method/restore', { cookie: strangerCookie, body: { key: house.key } }))
        .status,
    ).toBe(404)
    expect((await api(portal, 'POST', '/api/brand/method/restore', { cookie: adminCookie, body: {} })).body).toEqual({
      error: { type: 'ValidationError', message: 'key: is required.' },
    })
    const restored = await api(portal, 'POST', '/api/brand/method/restore', {
      cookie: adminCookie,
      body: { key: house.key },
    })
    expect(restored).toMatchObject({ status: 200, body: { data: { key: house.key } } })
    expect(await archivedAt()).toBeNull()
    expect((await api(portal, 'GET', `/api/brand/model/${house.key}`, { cookie: memberCookie })).status).toBe(200)

    // Another owner stays, so the admin may give up every grant of their own on the brand.
    const left = await api(portal, 'POST', '/api/brand/method/remove_permissions', {
      cookie: adminCookie,
      body: { key: house.key },
    })
    expect(left).toEqual({ status: 200, body: { data: { key: house.key, removed: true } } })
    expect(
      await portal.deps.db
        .select()
        .from(grants)
        .where(and(eq(grants.brandKey, house.key), eq(grants.accountKey, admin.key))),
    ).toEqual([])
    expect((await api(portal, 'GET', `/api/brand/model/${house.key}`, { cookie: adminCookie })).status).toBe(404)
  })

  it('refuses the menu to users who are not account admins, and deleting to an admin who is not owner', async () => {
    const house = await createBrand(portal.deps, { name: 'Guarded House' })
    const plainOwner = await createMember(portal.deps, [{ brand: house.key, type: 'owner' }], { name: 'Pat' })
    const readingAdmin = await createMember(portal.deps, [{ brand: house.key, type: 'read' }], {
      name: 'Reed',
      fields: { role: 'admin', jobType: 'admin' },
    })
    const ownerBrowser = await browserOf(plainOwner)
    expect(await (await ownerBrowser.get('/brands')).text()).not.toContain('Delete Brand')
    expect((await ownerBrowser.post(`/brands/${house.key}/delete`, { name: 'Guarded House' })).status).toBe(403)
    const adminBrowser = await browserOf(readingAdmin)
    expect(await (await adminBrowser.get(`/brands/${house.key}/delete`)).text()).toContain('Only an owner')
    expect((await adminBrowser.post(`/brands/${house.key}/delete`, { name: 'Guarded House' })).status).toBe(403)
    // An admin outside the brand learns nothing about it.
    const stranger = await createAccount(portal.deps, { name: 'Stran', fields: { role: 'admin', jobType: 'admin' } })
    const strangerBrowser = await browserOf(stranger)
    expect((await strangerBrowser.get(`/brands/${house.key}/delete`)).status).toBe(404)
    expect((await strangerBrowser.post(`/brands/${house.key}/delete`, { name: 'Guarded House' })).status).toBe(404)
    expect((await strangerBrowser.post(`/brands/${house.key}/restore`, {})).status).toBe(404)
    expect((await strangerBrowser.post(`/brands/${house.key}/remove-permissions`, {})).status).toBe(404)
    const [row] = await portal.deps.db.select().from(brands).where(eq(brands.key, house.key))
    expect(row!.archivedAt).toBeNull()
  })

  it("removes the admin's own grants on the brand, and refuses the last owner", async () => {
    const house = await createBrand(portal.deps, { name: 'Leaving House', lines: 1 })
    const admin = await createMember(
      portal.deps,
      [
        { brand: house.key, type: 'owner' },
        { brand: house.key, model: 'Line', modelId: house.lines[0]!.key, type: 'editor' },
      ],
      { name: 'Lea', fields: { role: 'admin', jobType: 'admin' } },
    )
    const browser = await browserOf(admin)
    // Alone as owner: refused, nothing removed.
    expect(await (await browser.get(`/brands/${house.key}/remove-permissions`)).text()).toContain('only owner')
    const refused = await browser.post(`/brands/${house.key}/remove-permissions`, {})
    expect(refused.status).toBe(409)
    const held = () =>
      portal.deps.db
        .select()
        .from(grants)
        .where(and(eq(grants.brandKey, house.key), eq(grants.accountKey, admin.key)))
    expect(await held()).toHaveLength(2)

    await createMember(portal.deps, [{ brand: house.key, type: 'owner' }], { name: 'Other' })
    const removed = await browser.post(`/brands/${house.key}/remove-permissions`, {})
    expect(removed.status).toBe(302)
    expect(await held()).toHaveLength(0)
    const list = await browser.get('/brands')
    const html = await list.text()
    expect(html).toContain('Your permissions on Leaving House have been removed.')
    expect(html).not.toContain(`/brand/${house.key}"`)
    expect((await browser.get(`/brand/${house.key}/lines`)).status).toBe(404)
  })

  it('still creates a brand from /brands/create and lands on its company profile', async () => {
    const browser = await browserOf(owner)
    const created = await browser.post('/brands/create', { name: 'Fresh House' })
    expect(created.status).toBe(302)
    const [row] = await portal.deps.db.select().from(brands).where(eq(brands.name, 'Fresh House'))
    expect(created.headers.get('location')).toBe(`/brand/${row!.key}/edit`)
  })
})

describe('the products list of an editor of one line', () => {
  it('offers the checkbox, Edit and Delete on that line’s rows only, and deletes only those', async () => {
    const line = brand.lines[0]!
    const other = brand.lines[1]!
    const ours = await createListing(portal.deps, brand.key, { lineKey: line.key, styleName: 'Ours Tee' })
    const theirs = await createListing(portal.deps, brand.key, { lineKey: other.key, styleName: 'Theirs Tee' })
    const member = await createMember(
      portal.deps,
      [
        { brand: brand.key, type: 'read' },
        { brand: brand.key, model: 'Line', modelId: line.key, type: 'editor' },
      ],
      { name: 'Lena' },
    )
    const browser = await browserOf(member)
    // Each row's menu opens on demand (`menu={key}` without JavaScript).
    const html = await (await browser.get(`/brand/${brand.key}/products?per=100&menu=${ours.key}`)).text()
    expect(html).toContain(`/products/listing/${ours.key}?edit=true`)
    expect(html).toContain(`value="${ours.key}"`)
    const theirMenu = await (await browser.get(`/brand/${brand.key}/products?per=100&menu=${theirs.key}`)).text()
    expect(theirMenu).toContain(`/products/quick/${theirs.key}`)
    expect(theirMenu).not.toContain(`/products/listing/${theirs.key}?edit=true`)
    expect(html).not.toContain(`value="${theirs.key}"`)
    expect(html).not.toContain('>Product Upload<')
    expect(await (await browser.get(`/brand/${brand.key}/products?lines=${line.key}`)).text()).toContain(
      '>Product Upload<',
    )
    // The bulk delete takes theirs off the list and leaves the other line's alone.
    const removed = await browser.post(`/brand/${brand.key}/products/remove`, { keys: [ours.key, theirs.key] })
    expect(removed.status).toBe(302)
    const left = await portal.deps.db
      .select({ key: listings.key })
      .from(listings)
      .where(eq(listings.brandKey, brand.key))
    expect(left.map((row) => row.key)).toContain(theirs.key)
    expect(left.map((row) => row.key)).not.toContain(ours.key)
  })
})
