// Chat in the browser: a designer messages a vsm from a contact card and both see the other's
// messages arrive without a reload (CHAT badge and chat bar included); a group chat of three made
// through its dialog; deleting one's own message; and the chat page with JavaScript off. Each test
// uses a brand of its own, so Demo Brand's conversations stay as they are.
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'
import { live, member, signedIn } from './support/chat-people'
import { createBrand } from './support/users'

async function send(page: Page, text: string, scope = page.getByTestId('conversation')) {
  await scope.getByLabel('Message', { exact: true }).fill(text)
  await scope.getByRole('button', { name: 'Send' }).click()
}

test('a designer messages a vsm from a contact card; both see the other live', async ({ browser, baseURL }) => {
  const brand = await createBrand(baseURL!)
  const designer = await member(baseURL!, brand, 'Dana', 'Designer', 'designer')
  const vsm = await member(baseURL!, brand, 'Vik', 'Merch', 'vsm')

  const vsmPage = await signedIn(browser, baseURL!, vsm)
  await vsmPage.goto(`/brand/${brand.key}`)
  await live(vsmPage)
  // Nothing unread yet: the label shows no count.
  await expect(vsmPage.getByTestId('chat-label')).toHaveText('CHAT')
  await vsmPage.getByTestId('chat-label').click()
  const bar = vsmPage.getByTestId('chat-bar')
  await expect(bar.getByTestId('chat-contact').filter({ hasText: 'Dana Designer' })).toContainText('No messages yet')

  const designerPage = await signedIn(browser, baseURL!, designer)
  await designerPage.goto(`/brand/${brand.key}/contacts`)
  const card = designerPage.getByTestId('contact-card').filter({ hasText: 'Vik Merch' })
  await card.getByRole('button', { name: 'Message' }).click()
  await expect(designerPage).toHaveURL(new RegExp(`/brand/${brand.key}/chat/[a-z0-9]+$`))
  await expect(designerPage.getByTestId('conversation-title')).toHaveText('Vik Merch')
  await live(designerPage)
  await send(designerPage, 'Can you check the wrap coat samples?')
  await expect(designerPage.getByTestId('message').last()).toContainText('Can you check the wrap coat samples?')
  await expect(designerPage.getByTestId('message').last()).toContainText('Dana Designer')

  // The vsm's badge and bar follow without a reload.
  await expect(vsmPage.getByTestId('chat-unread')).toHaveText('1 unread')
  const danaRow = bar.getByTestId('chat-contact').filter({ hasText: 'Dana Designer' })
  await expect(danaRow.getByTestId('chat-preview')).toHaveText('Dana Designer: Can you check the wrap coat samples?')
  await expect(danaRow.getByTestId('row-unread')).toContainText('1')

  await vsmPage.screenshot({ path: 'test-results/chat-bar-list.png' })

  // The vsm opens it in the bar and answers; reading it clears the count.
  await danaRow.click()
  const panelConversation = bar.getByTestId('conversation')
  await expect(panelConversation.getByTestId('message')).toHaveCount(1)
  await expect(vsmPage.getByTestId('chat-unread')).toHaveCount(0)
  await send(vsmPage, 'On it, photos in ten minutes.', panelConversation)
  await expect(panelConversation.getByTestId('message').last()).toContainText('On it, photos in ten minutes.')

  // The designer sees the answer arrive, and that the vsm has seen the first message.
  await expect(designerPage.getByTestId('message')).toHaveCount(2)
  await expect(designerPage.getByTestId('message').last()).toContainText('Vik Merch')
  await expect(designerPage.getByTestId('message').last()).toContainText('On it, photos in ten minutes.')
  // The designer's page is on screen: the answer is read at once, so the vsm sees Seen.
  await expect(panelConversation.getByTestId('seen')).toBeVisible()

  // Typing shows on the other side; opening the chat bar shows the designer online.
  await designerPage.getByLabel('Message', { exact: true }).pressSequentially('Great')
  await expect(panelConversation.getByTestId('typing')).toHaveText('Dana Designer is typing…')
  await designerPage.getByLabel('Message', { exact: true }).fill('')
  await designerPage.getByTestId('chat-label').click()
  await expect(designerPage.getByTestId('chat-bar')).toBeVisible()
  await bar.getByRole('button', { name: 'Back to conversations' }).click()
  await expect(danaRow.getByTestId('online-dot')).toBeVisible()
  // The vsm's answer, read by the designer, shows as seen in the list.
  await expect(danaRow.getByTestId('row-read')).toHaveText('Seen')
  await designerPage.getByRole('button', { name: 'Close chat' }).click()
  await expect(designerPage.getByTestId('chat-bar')).toHaveCount(0)
  await danaRow.click()

  // HTML is refused in the browser with the spec's text, and nothing is sent.
  await send(designerPage, '<b>bold</b>')
  await expect(designerPage.getByText('Cannot add html tags.')).toBeVisible()
  await expect(designerPage.getByTestId('message')).toHaveCount(2)
  await vsmPage.screenshot({ path: 'test-results/chat-bar-conversation.png' })
  await designerPage.context().close()
  await vsmPage.context().close()
})

test('a group chat with three members, made through its dialog', async ({ browser, baseURL }) => {
  const brand = await createBrand(baseURL!)
  const designer = await member(baseURL!, brand, 'Gia', 'Designer', 'designer')
  const vsm = await member(baseURL!, brand, 'Hal', 'Merch', 'vsm')
  const third = await member(baseURL!, brand, 'Ivo', 'Sales', 'designer')

  const page = await signedIn(browser, baseURL!, designer)
  await page.goto(`/brand/${brand.key}/chat`)
  await page.getByRole('link', { name: 'New group chat' }).click()
  const dialog = page.getByRole('dialog', { name: 'New group chat' })
  await dialog.getByRole('button', { name: 'Create group chat' }).click()
  await expect(dialog.getByText('Group name is required.')).toBeVisible()
  await expect(dialog.getByText('At least 1 selection required.')).toBeVisible()
  await page.screenshot({ path: 'test-results/chat-new-group-errors.png' })

  await dialog.getByLabel('Group name').fill('Spring drop')
  await dialog.getByLabel('Hal Merch').check()
  await dialog.getByLabel('Ivo Sales').check()
  await dialog.getByRole('button', { name: 'Create group chat' }).click()
  await expect(page.getByTestId('conversation-title')).toHaveText('Spring drop')
  for (const name of ['Gia Designer', 'Hal Merch', 'Ivo Sales']) {
    await expect(page.getByTestId('conversation-members')).toContainText(name)
  }

  const others = [await signedIn(browser, baseURL!, vsm), await signedIn(browser, baseURL!, third)]
  for (const other of others) {
    await other.goto(`/brand/${brand.key}/chat`)
    await expect(other.getByTestId('chat-group').filter({ hasText: 'Spring drop' })).toContainText('3 people')
    await other.getByTestId('chat-group').filter({ hasText: 'Spring drop' }).click()
    await live(other)
  }
  await live(page)
  await send(page, 'Line-up review at noon.')
  for (const other of others) {
    await expect(other.getByTestId('message').last()).toContainText('Line-up review at noon.')
  }
  await send(others[1]!, 'Works for me.')
  await expect(page.getByTestId('message').last()).toContainText('Ivo Sales')
  await expect(others[0]!.getByTestId('message').last()).toContainText('Works for me.')
  for (const open of [page, ...others]) await open.context().close()
})

test('the sender alone deletes a message', async ({ browser, baseURL }) => {
  const brand = await createBrand(baseURL!)
  const designer = await member(baseURL!, brand, 'Jo', 'Designer', 'designer')
  const vsm = await member(baseURL!, brand, 'Kit', 'Merch', 'vsm')

  const page = await signedIn(browser, baseURL!, designer)
  await page.goto(`/brand/${brand.key}/contacts`)
  await page
    .getByTestId('contact-card')
    .filter({ hasText: 'Kit Merch' })
    .getByRole('button', { name: 'Message' })
    .click()
  await live(page)
  await send(page, 'A typo mesage')
  await expect(page.getByTestId('message')).toHaveCount(1)

  const other = await signedIn(browser, baseURL!, vsm)
  await other.goto(page.url())
  await live(other)
  await send(other, 'Not mine to delete')
  await expect(page.getByTestId('message')).toHaveCount(2)
  // Delete shows on one's own message only, and only on the message pointed at.
  const mine = page.getByTestId('message').nth(0)
  await expect(mine.getByRole('link', { name: 'Delete' })).toHaveCount(1)
  await expect(page.getByTestId('message').nth(1).getByRole('link', { name: 'Delete' })).toHaveCount(0)
  await expect(other.getByTestId('message').nth(0).getByRole('link', { name: 'Delete' })).toHaveCount(0)
  await page.mouse.move(0, 0)
  await expect(mine.getByRole('link', { name: 'Delete' })).toHaveCSS('opacity', '0')
  await mine.hover()
  await expect(mine.getByRole('link', { name: 'Delete' })).toHaveCSS('opacity', '1')
  // One's own messages look unlike the others': a dark bubble on the other side.
  const bubble = (message: ReturnType<Page['getByTestId']>) =>
    message.getByTestId('message-text').evaluate((element) => getComputedStyle(element).backgroundColor)
  expect(await bubble(mine)).not.toBe(await bubble(page.getByTestId('message').nth(1)))
  await expect(mine).toHaveAttribute('data-own', 'true')

  // A refusal of an empty message goes once something else worked.
  const conversation = page.getByTestId('conversation').first()
  await conversation.getByRole('button', { name: 'Send' }).click()
  await expect(conversation.getByText('Message is required.')).toBeVisible()
  await mine.getByRole('link', { name: 'Delete' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByTestId('toast')).toContainText('Message has been deleted successfully.')
  await expect(conversation.getByText('Message is required.')).toHaveCount(0)
  // The toast covers neither the page's header and navigation nor the conversation's header.
  await expect(async () => {
    const toastBox = (await page.getByTestId('toast').boundingBox())!
    for (const covered of [page.locator('[data-frame-header]'), conversation.locator('[data-toast-avoid]')]) {
      const box = (await covered.boundingBox())!
      expect(toastBox.y, 'toast below the header').toBeGreaterThanOrEqual(box.y + box.height)
    }
  }).toPass()
  await expect(page.getByTestId('message')).toHaveCount(1)
  // Gone for the other person too, without a reload, and after one.
  await expect(other.getByTestId('message')).toHaveCount(1)
  await expect(other.getByTestId('message')).toContainText('Not mine to delete')
  await other.reload()
  await expect(other.getByTestId('message')).toHaveCount(1)
  await page.context().close()
  await other.context().close()
})

test.describe('without JavaScript', () => {
  test('the chat page lists the conversation, sends with its form and deletes', async ({ browser, baseURL }) => {
    const brand = await createBrand(baseURL!)
    const designer = await member(baseURL!, brand, 'Lu', 'Designer', 'designer')
    const vsm = await member(baseURL!, brand, 'Mo', 'Merch', 'vsm')

    const page = await signedIn(browser, baseURL!, designer, false)
    await page.goto(`/brand/${brand.key}/contacts`)
    await page
      .getByTestId('contact-card')
      .filter({ hasText: 'Mo Merch' })
      .getByRole('button', { name: 'Message' })
      .click()
    await expect(page.getByTestId('conversation-title')).toHaveText('Mo Merch')
    await expect(page.getByText('No messages yet. Say hello!')).toBeVisible()

    // Refused input: the spec's texts under the composer, nothing stored.
    await send(page, '   ')
    await expect(page.getByText('Message is required.')).toBeVisible()
    await send(page, 'Hello <script>alert(1)</script>')
    await expect(page.getByText('Cannot add html tags.')).toBeVisible()
    await expect(page.getByTestId('message')).toHaveCount(0)

    await send(page, 'Sent with the form')
    await expect(page.getByTestId('message')).toHaveCount(1)
    await expect(page.getByTestId('message')).toContainText('Sent with the form')

    // The list of the chat page shows the conversation with its preview.
    await page.goto(`/brand/${brand.key}/chat`)
    const row = page.getByTestId('chat-contact').filter({ hasText: 'Mo Merch' })
    await expect(row.getByTestId('chat-preview')).toHaveText('Lu Designer: Sent with the form')
    await row.click()
    await page.getByTestId('message').getByRole('link', { name: 'Delete' }).click()
    await expect(page.getByRole('dialog', { name: 'Delete message' })).toBeVisible()
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(page.getByTestId('toast')).toContainText('Message has been deleted successfully.')
    await expect(page.getByTestId('message')).toHaveCount(0)

    // The other person, also without JavaScript, sees the unread count on the CHAT label.
    await send(page, 'Second try')
    const other = await signedIn(browser, baseURL!, vsm, false)
    await other.goto(`/brand/${brand.key}/contacts`)
    await expect(other.getByTestId('chat-unread')).toHaveText('1 unread')
    await other.getByTestId('chat-label').click()
    await expect(other).toHaveURL(`${baseURL}/brand/${brand.key}/chat`)
    await expect(other.getByTestId('chat-contact').filter({ hasText: 'Lu Designer' })).toContainText('1 unread')
    await page.screenshot({ path: 'test-results/chat-page-no-js.png', fullPage: true })

    // A direct chat is left, not deleted for both: it confirms first, and the other keeps it.
    await page.getByRole('link', { name: 'Leave conversation' }).click()
    await expect(page.getByRole('dialog', { name: 'Leave conversation' })).toContainText(
      'Leave this conversation? It disappears from your list; the others keep it.',
    )
    await page.getByRole('button', { name: 'Leave conversation' }).click()
    await expect(page.getByTestId('toast')).toContainText('You left the conversation.')
    await expect(page).toHaveURL(`${baseURL}/brand/${brand.key}/chat`)
    await expect(page.getByTestId('chat-contact').filter({ hasText: 'Mo Merch' })).toContainText('No messages yet')
    await other.reload()
    await expect(other.getByTestId('chat-contact').filter({ hasText: 'Lu Designer' })).toContainText('Second try')
    await page.context().close()
    await other.context().close()
  })
})

test('a message whose answer is lost with the connection is delivered once after reconnecting', async ({
  browser,
  baseURL,
}) => {
  const brand = await createBrand(baseURL!)
  const designer = await member(baseURL!, brand, 'Nia', 'Designer', 'designer')
  const vsm = await member(baseURL!, brand, 'Oz', 'Merch', 'vsm')

  // The designer's socket runs through a route that can cut it: right after the page sends the
  // message (the server gets it, its answer never comes back), and refusing reconnects until told.
  const context = await browser.newContext({ baseURL })
  let down = false
  let cutAfterSend = false
  await context.route(/\/socket\.io\//, (route) => (down ? route.abort() : route.continue()))
  await context.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (down) {
      ws.close()
      return
    }
    const server = ws.connectToServer()
    ws.onMessage((message) => {
      server.send(message)
      if (cutAfterSend && typeof message === 'string' && message.includes('"chat:send"')) {
        cutAfterSend = false
        down = true
        ws.close()
      }
    })
  })
  const page = await context.newPage()
  await signIn(page, designer.email, designer.password)
  await page.goto(`/brand/${brand.key}/contacts`)
  await page
    .getByTestId('contact-card')
    .filter({ hasText: 'Oz Merch' })
    .getByRole('button', { name: 'Message' })
    .click()
  await expect(page.getByTestId('conversation-title')).toHaveText('Oz Merch')
  await live(page)

  const other = await signedIn(browser, baseURL!, vsm)
  await other.goto(page.url())
  await live(other)

  cutAfterSend = true
  await send(page, 'Sent as the line dropped')
  await expect(page.locator('html[data-realtime="disconnected"]')).toHaveCount(1)
  // Stored and pushed to the vsm; the designer still waits for the answer.
  await expect(other.getByTestId('message')).toHaveCount(1)
  await expect(page.getByTestId('pending-message')).toContainText('Sending…')

  down = false
  await expect(page.locator('html[data-realtime="connected"]')).toHaveCount(1, { timeout: 20_000 })
  await expect(page.getByTestId('pending-message')).toHaveCount(0)
  await expect(page.getByTestId('message')).toHaveCount(1)
  await expect(page.getByTestId('message')).toContainText('Sent as the line dropped')
  // Once: the resend with the same key stored nothing new, for either of them.
  await expect(other.getByTestId('message')).toHaveCount(1)
  await other.reload()
  await expect(other.getByTestId('message')).toHaveCount(1)
  await page.reload()
  await expect(page.getByTestId('message')).toHaveCount(1)
  await context.close()
  await other.context().close()
})

test('older messages load on scrolling back, and by link without JavaScript', async ({ browser, baseURL }) => {
  const brand = await createBrand(baseURL!)
  const designer = await member(baseURL!, brand, 'Pia', 'Designer', 'designer')
  const vsm = await member(baseURL!, brand, 'Rex', 'Merch', 'vsm')
  const page = await signedIn(browser, baseURL!, designer)
  const opened = await page.request.post('/api/conversation/method/direct', {
    data: { brand: brand.key, account: vsm.accountKey },
  })
  const { data: conversation } = (await opened.json()) as { data: { key: string } }
  // 55 messages: the newest 50 on the first page, 5 before them. Both write, since one sender
  // gets only 30 messages at once (the flood limit).
  const other = await signedIn(browser, baseURL!, vsm)
  for (let n = 1; n <= 55; n++) {
    const sent = await (n % 2 ? page : other).request.post('/api/message/model/', {
      data: { conversation: conversation.key, text: `Note ${n}` },
    })
    expect(sent.ok()).toBe(true)
  }
  await other.context().close()
  const url = `/brand/${brand.key}/chat/${conversation.key}`
  await page.goto(url)
  await live(page)
  await expect(page.getByTestId('message')).toHaveCount(50)
  await expect(page.getByTestId('message').first()).toContainText('Note 6')
  await expect(page.getByTestId('message').last()).toContainText('Note 55')
  await page.getByTestId('messages').evaluate((box) => box.scrollTo({ top: 0 }))
  await expect(page.getByTestId('message')).toHaveCount(55)
  await expect(page.getByTestId('message').first()).toContainText('Note 1')
  await expect(page.getByRole('link', { name: 'Older messages' })).toHaveCount(0)
  await page.context().close()

  const plain = await signedIn(browser, baseURL!, vsm, false)
  await plain.goto(url)
  await expect(plain.getByTestId('message')).toHaveCount(50)
  await plain.getByRole('link', { name: 'Older messages' }).click()
  await expect(plain).toHaveURL(/\?before=\d+$/)
  await expect(plain.getByTestId('message')).toHaveCount(5)
  await expect(plain.getByTestId('message').first()).toContainText('Note 1')
  await expect(plain.getByTestId('message').last()).toContainText('Note 5')
  await plain.context().close()
})

test('a refused message shows the spec texts: a session problem asks for a refresh', async ({ browser, baseURL }) => {
  const brand = await createBrand(baseURL!)
  const designer = await member(baseURL!, brand, 'Sia', 'Designer', 'designer')
  await member(baseURL!, brand, 'Tom', 'Merch', 'vsm')

  // The server's answer to the next chat:send is replaced by a refusal of the given type.
  const context = await browser.newContext({ baseURL })
  let refuseWith: string | null = null
  await context.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer()
    ws.onMessage((message) => {
      const send = typeof message === 'string' ? /^42(\d+)\["chat:send"/.exec(message) : null
      if (send && refuseWith) {
        ws.send(`43${send[1]}[${JSON.stringify({ ok: false, error: refuseWith })}]`)
        return
      }
      server.send(message)
    })
  })
  const page = await context.newPage()
  await signIn(page, designer.email, designer.password)
  await page.goto(`/brand/${brand.key}/contacts`)
  await page
    .getByTestId('contact-card')
    .filter({ hasText: 'Tom Merch' })
    .getByRole('button', { name: 'Message' })
    .click()
  await live(page)

  refuseWith = 'AuthInvalidSession'
  await send(page, 'First try')
  const failed = page.getByTestId('pending-message')
  await expect(failed).toContainText('Not sent')
  await expect(failed.getByRole('alert')).toHaveText('Unable to deliver the message. Please refresh your session.')
  await expect(page.getByTestId('toast').last()).toContainText(
    'Unable to deliver the message. Please refresh your session.',
  )

  refuseWith = 'PermissionError'
  await send(page, 'Second try')
  await expect(failed.nth(1).getByRole('alert')).toHaveText('Unable to deliver the message.')
  await expect(page.getByTestId('message')).toHaveCount(0)
  await context.close()
})

test('a member on any page of the brand shows online to the others, and offline once the tab closes', async ({
  browser,
  baseURL,
}) => {
  const brand = await createBrand(baseURL!)
  const designer = await member(baseURL!, brand, 'Ona', 'Designer', 'designer')
  const vsm = await member(baseURL!, brand, 'Pia', 'Merch', 'vsm')
  // The designer is on the brand's home page: no chat bar, no chat page.
  const away = await signedIn(browser, baseURL!, designer)
  await away.goto(`/brand/${brand.key}`)
  await expect(away.locator('html[data-realtime="connected"]')).toHaveCount(1)
  const page = await signedIn(browser, baseURL!, vsm)
  await page.goto(`/brand/${brand.key}/chat`)
  const contact = page.getByTestId('chat-contact').filter({ hasText: 'Ona Designer' })
  await expect(contact.getByTestId('online-dot')).toHaveCount(1)
  await expect(contact).toContainText('(online)')
  // The tab closes: offline for the others within seconds, without a reload.
  await away.context().close()
  await expect(contact.getByTestId('online-dot')).toHaveCount(0, { timeout: 5_000 })
  await expect(contact).toContainText('(offline)')
  await page.context().close()
})
