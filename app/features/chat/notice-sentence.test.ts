import { describe, expect, it } from 'vitest'
import { noticeSentence } from './notice-sentence'

const chatUrl = '/brand/b1/chat/c1'
const about = { text: 'Linen Shirt', url: '/brand/b1/style/s1#comments' }

describe('noticeSentence', () => {
  it('tells a chat message by a human verb and links the message to its chat', () => {
    expect(noticeSentence({ isMention: false, about: null, preview: 'Hello', chatUrl })).toEqual({
      action: 'sent you a message:',
      segments: [{ text: 'Hello', url: chatUrl }],
    })
    expect(noticeSentence({ isMention: true, about: null, preview: 'Hi @Dana', chatUrl }).action).toBe('mentioned you:')
  })

  it('names the object of a thread, linked to its thread, and quotes the comment', () => {
    expect(noticeSentence({ isMention: false, about, preview: 'Sleeve is long', chatUrl })).toEqual({
      action: 'commented on',
      segments: [{ ...about, accented: true }, { text: '“Sleeve is long”' }],
    })
    expect(noticeSentence({ isMention: true, about, preview: '@Dana look', chatUrl }).action).toBe('mentioned you on')
  })

  it('cuts a long object name so the notice stays within a segment (200 characters)', () => {
    const long = { text: `a pin on ${'x'.repeat(300)}.png`, url: about.url }
    const [object] = noticeSentence({ isMention: false, about: long, preview: 'x', chatUrl }).segments
    expect((object as { text: string }).text.length).toBeLessThanOrEqual(200)
  })

  it('never repeats a name or shows a code word', () => {
    for (const isMention of [false, true]) {
      for (const on of [null, about]) {
        const { action, segments } = noticeSentence({ isMention, about: on, preview: 'x', chatUrl })
        expect(action).not.toMatch(/^(mention|message)$/)
        expect(segments).toHaveLength(on ? 2 : 1)
      }
    }
  })
})
