// The limits of chat input at their exact bounds: a message beside a file takes 4,000 characters
// (4,001 refused), as a message alone does; a group chat takes 50 people (51 refused) and a name
// of the common name length (one more refused).
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { LIMITS } from '#app/platform/common-schemas'
import {
  attachedText,
  GROUP_MEMBERS_MAX,
  GroupChatSchema,
  MESSAGE_MAX,
  messageText,
  SendMessageSchema,
} from './schemas'

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message

describe('chat limits at their exact bounds', () => {
  it('are 4,000 characters a message and 50 people a group', () => {
    expect(MESSAGE_MAX).toBe(4000)
    expect(GROUP_MEMBERS_MAX).toBe(50)
  })

  it('take a message of 4,000 characters beside a file and refuse 4,001', () => {
    expect(z.safeParse(attachedText, 'x'.repeat(MESSAGE_MAX)).success).toBe(true)
    expect(messageOf(z.safeParse(attachedText, 'x'.repeat(MESSAGE_MAX + 1)))).toBe(
      'Message must be at most 4000 characters.',
    )
    const send = (text: string) => z.safeParse(SendMessageSchema, { conversation: 'k', attachment: 'f1', text })
    expect(send('x'.repeat(MESSAGE_MAX)).success).toBe(true)
    expect(messageOf(send('x'.repeat(MESSAGE_MAX + 1)))).toBe('Message must be at most 4000 characters.')
  })

  it('count the characters of a message after trimming, with or without a file', () => {
    const padded = `   ${'x'.repeat(MESSAGE_MAX)}   `
    expect(z.safeParse(attachedText, padded).success).toBe(true)
    expect(z.safeParse(messageText, padded).success).toBe(true)
  })

  it('take 50 people in a group chat and refuse 51', () => {
    const members = (n: number) => Array.from({ length: n }, (_, i) => `member${i}`)
    expect(z.safeParse(GroupChatSchema, { name: 'Fit review', members: members(GROUP_MEMBERS_MAX) }).success).toBe(true)
    expect(
      messageOf(z.safeParse(GroupChatSchema, { name: 'Fit review', members: members(GROUP_MEMBERS_MAX + 1) })),
    ).toBe('At most 50 people in a group chat.')
  })

  it('take a group name of the name length and refuse one character more', () => {
    const named = (name: string) => z.safeParse(GroupChatSchema, { name, members: ['a'] })
    expect(named('n'.repeat(LIMITS.name)).success).toBe(true)
    expect(messageOf(named('n'.repeat(LIMITS.name + 1)))).toBe(`Group name must be at most ${LIMITS.name} characters.`)
  })
})
