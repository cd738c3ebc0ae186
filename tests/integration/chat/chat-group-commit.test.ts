// Sends that arrive together are stored by group commit (docs/decisions/060): each keeps the
// answer it would get alone. Members store and read their own message; someone outside the
// conversation, or whose grant was removed after their socket connected, is refused and stores
// nothing; the same client_key twice in one batch stores one message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { conversationMembers, grants, messages } from '#db/schema'
import { actorForAccount } from '#app/features/identity/accounts.server'
import { createGroupChat, sendMessage, sendMessageLive } from '#app/features/chat/chat.server'
import { createBrand, createMember, type BrandFixture } from '#tests/support/factories'
import { startTestPortal, type TestPortal } from '#tests/support/portal'
import type { Actor } from '#app/platform/access/actor'

let portal: TestPortal
let brand: BrandFixture
const actors: Record<'ana' | 'ben' | 'cy' | 'dee', Actor> = {} as never
let group: string

beforeAll(async () => {
  portal = await startTestPortal()
  brand = await createBrand(portal.deps, { name: 'Batch Atelier' })
  for (const name of ['ana', 'ben', 'cy', 'dee'] as const) {
    const account = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], { name })
    actors[name] = await actorForAccount(portal.deps, account.key)
  }
  // Cy is in the brand but not in the group.
  group = (
    await createGroupChat(portal.deps, actors.ana, brand.key, {
      name: 'Fittings',
      members: [actors.ben.key, actors.dee.key],
    })
  ).key
})
afterAll(async () => {
  await portal?.destroy()
})

const storedIn = (conversation: string) =>
  portal.deps.db.select().from(messages).where(eq(messages.conversationKey, conversation))

describe('sends arriving together', () => {
  it('store each member’s message once, mark it read for its sender, and refuse the others', async () => {
    // Dee's socket connected while she held a grant; it is gone now.
    await portal.deps.db.delete(grants).where(eq(grants.accountKey, actors.dee.key))
    const results = await Promise.allSettled([
      sendMessageLive(portal.deps, actors.ana, { conversation: group, text: 'First pass', client_key: 'batch-ana-1' }),
      sendMessageLive(portal.deps, actors.ben, { conversation: group, text: 'Looks good', client_key: 'batch-ben-1' }),
      sendMessageLive(portal.deps, actors.ana, { conversation: group, text: 'First pass', client_key: 'batch-ana-1' }),
      sendMessageLive(portal.deps, actors.cy, { conversation: group, text: 'Let me in', client_key: 'batch-cy-1' }),
      sendMessageLive(portal.deps, actors.dee, { conversation: group, text: 'Still here?', client_key: 'batch-dee-1' }),
      sendMessage(portal.deps, actors.ben, { conversation: 'no-such-conversation', text: 'Hello?' }),
    ])
    const [ana, ben, anaAgain, cy, dee, nowhere] = results
    expect(ana.status).toBe('fulfilled')
    expect(ben.status).toBe('fulfilled')
    expect(anaAgain.status).toBe('fulfilled')
    const anaView = (ana as PromiseFulfilledResult<{ key: string; seq: number; sender: string }>).value
    expect((anaAgain as PromiseFulfilledResult<{ key: string }>).value.key).toBe(anaView.key)
    expect(anaView.sender).toMatch(/ana/i)
    for (const refused of [cy, dee, nowhere]) {
      expect(refused.status).toBe('rejected')
      expect((refused as PromiseRejectedResult).reason).toMatchObject({ type: 'NotFound' })
    }

    const stored = await storedIn(group)
    expect(stored.map((row) => row.text).sort()).toEqual(['First pass', 'Looks good'])
    const [mark] = await portal.deps.db
      .select({ lastReadSeq: conversationMembers.lastReadSeq })
      .from(conversationMembers)
      .where(and(eq(conversationMembers.conversationKey, group), eq(conversationMembers.accountKey, actors.ana.key)))
    expect(mark!.lastReadSeq).toBe(anaView.seq)
  })

  it('answers a resend in a later batch with the stored message', async () => {
    const again = await sendMessageLive(portal.deps, actors.ben, {
      conversation: group,
      text: 'Looks good',
      client_key: 'batch-ben-1',
    })
    const stored = await storedIn(group)
    expect(stored.filter((row) => row.clientKey === 'batch-ben-1').map((row) => row.key)).toEqual([again.key])
  })
})
