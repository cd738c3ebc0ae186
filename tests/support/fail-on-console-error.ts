// A test that logs console.error fails: errors must be asserted, not printed.
import { afterEach, vi } from 'vitest'

const errors: unknown[][] = []
const original = console.error
console.error = (...args: unknown[]) => {
  errors.push(args)
  original(...args)
}

afterEach(() => {
  const logged = errors.splice(0)
  if (logged.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${logged.map((a) => a.map(String).join(' ')).join('\n')}`,
    )
  }
})

vi.setConfig({ testTimeout: 60_000 })
