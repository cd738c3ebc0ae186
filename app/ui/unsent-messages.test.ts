import { describe, expect, it } from 'vitest'
import { reportUnsent, unsentCount } from './unsent-messages'

describe('unsent messages', () => {
  it('adds up what each composer reports, and forgets one that reports none', () => {
    reportUnsent('thread', 2)
    reportUnsent('chat bar', 1)
    expect(unsentCount()).toBe(3)
    reportUnsent('thread', 0)
    expect(unsentCount()).toBe(1)
    reportUnsent('chat bar', 0)
    expect(unsentCount()).toBe(0)
  })
})
