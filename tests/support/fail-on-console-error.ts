// A test that logs console.error fails: errors must be asserted, not printed.
import { afterEach, vi } from 'vitest'

/** The errors logged since the last test ended. Installed once per worker: files share its module graph. */
const errors: unknown[][] = ((globalThis as { consoleErrorsOfTest?: unknown[][] }).consoleErrorsOfTest ??= (() => {
  const logged: unknown[][] = []
  const original = console.error
  console.error = (...args: unknown[]) => {
    logged.push(args)
    original(...args)
  }
  return logged
})())

afterEach(() => {
  const logged = errors.splice(0)
  if (logged.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${logged.map((a) => a.map(String).join(' ')).join('\n')}`,
    )
  }
})

vi.setConfig({ testTimeout: 60_000 })
