import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { containsHtml, GroupChatSchema, mentionsIn, messageText, SendMessageSchema, truncate } from './schemas'

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message

describe('chat message text', () => {
  it.each([
    ['<b>bold</b>', true],
    ['<script>alert(1)</script>', true],
    ['</div>', true],
    ['<img src=x onerror=alert(1)>', true],
    ['<!-- hidden -->', true],
    ['<!DOCTYPE html>', true],
    ['a < b and c > d', false],
    ['I <3 this drape', false],
    ['arrow -> next', false],
    ['1<2', false],
  ])('%s contains HTML: %s', (text, html) => {
    expect(containsHtml(text)).toBe(html)
  })

  it('is required, trimmed, plain and at most 4000 characters, with the spec’s words', () => {
    expect(messageOf(z.safeParse(messageText, '   '))).toBe('Message is required.')
    expect(messageOf(z.safeParse(messageText, undefined))).toBe('Message is required.')
    expect(messageOf(z.safeParse(messageText, 'see <i>this</i>'))).toBe('Cannot add html tags.')
    expect(messageOf(z.safeParse(messageText, 'x'.repeat(4001)))).toBe('Message must be at most 4000 characters.')
    expect(z.safeParse(messageText, `  ${'x'.repeat(4000)}  `).success).toBe(true)
    expect(z.parse(messageText, '  Lower the collar  ')).toBe('Lower the collar')
  })

  it('may be empty beside a file, and is required without one', () => {
    const send = (input: Record<string, unknown>) => z.safeParse(SendMessageSchema, { conversation: 'k', ...input })
    expect(send({ text: '  ', attachment: 'f1' }).data).toMatchObject({ text: '', attachment: 'f1' })
    expect(send({ attachment: 'f1' }).data).toMatchObject({ text: '', attachment: 'f1' })
    expect(messageOf(send({ text: '  ' }))).toBe('Message is required.')
    expect(send({ text: '  ' }).error?.issues[0]?.path).toEqual(['text'])
    expect(messageOf(send({}))).toBe('Message is required.')
    expect(messageOf(send({ text: 'see <i>this</i>', attachment: 'f1' }))).toBe('Cannot add html tags.')
  })

  it('takes a client key of 8 to 64 URL-safe characters only', () => {
    const send = (client_key: string) => z.safeParse(SendMessageSchema, { text: 'hi', conversation: 'k', client_key })
    expect(send('abcdefgh').success).toBe(true)
    expect(send('a'.repeat(64)).success).toBe(true)
    expect(send('short').success).toBe(false)
    expect(send('a'.repeat(65)).success).toBe(false)
    expect(send('has spaces in it').success).toBe(false)
  })
})

describe('group chat form', () => {
  it('needs a name and at least one person, with the spec’s words', () => {
    expect(messageOf(z.safeParse(GroupChatSchema, { name: '  ', members: ['a'] }))).toBe('Group name is required.')
    expect(messageOf(z.safeParse(GroupChatSchema, { name: 'Fit review', members: [] }))).toBe(
      'At least 1 selection required.',
    )
    expect(messageOf(z.safeParse(GroupChatSchema, { name: 'Fit review' }))).toBe('At least 1 selection required.')
    expect(z.safeParse(GroupChatSchema, { name: 'Fit review', members: ['a'] }).success).toBe(true)
  })
})

describe('previews', () => {
  it('keep 40 characters of a message and 20 of a name, then "…"', () => {
    expect(truncate('x'.repeat(40), 40)).toBe('x'.repeat(40))
    expect(truncate('x'.repeat(41), 40)).toBe(`${'x'.repeat(40)}…`)
    expect(truncate('Anna-Katharina Lindqvist-Berg', 20)).toBe('Anna-Katharina Lindq…')
    expect(truncate('two\n\nlines   here', 40)).toBe('two lines here')
  })
})

describe('mentions', () => {
  it('finds @name, @first.last and @"First Last", once each and lower-cased', () => {
    expect(mentionsIn('@Vik can you and @dana.designer look? cc @"Ada Admin" @vik')).toEqual([
      'vik',
      'dana.designer',
      'ada admin',
    ])
    expect(mentionsIn('mail me at someone@example.com')).toEqual([])
    expect(mentionsIn('no mentions here')).toEqual([])
  })
})
