import { describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { SendMessageSchema } from '#app/features/chat/schemas'
import { newClientKey, pagePath } from './chat-client'

describe('newClientKey', () => {
  it('makes a key the server accepts as client_key, fresh each time', () => {
    const keys = Array.from({ length: 50 }, () => newClientKey())
    for (const key of keys) {
      expect(z.safeParse(SendMessageSchema, { text: 'Hi', conversation: 'c1', client_key: key }).success).toBe(true)
    }
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('still makes a valid key where crypto.randomUUID is missing (an insecure origin)', () => {
    vi.stubGlobal('crypto', {})
    try {
      const key = newClientKey()
      expect(key).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('pagePath', () => {
  it('asks for a conversation or an object thread, with the page before a seq', () => {
    expect(pagePath({ conversation: 'c1' })).toBe('message/query/conversation?conversation=c1')
    expect(pagePath({ model: 'Style', model_id: 's 1' }, 40)).toBe(
      'message/query/object?model=Style&model_id=s+1&before=40',
    )
  })
})
