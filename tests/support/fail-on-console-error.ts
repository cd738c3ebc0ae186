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

/**
 * What a stopped portal's idle connection says when a later file's teardown drops that portal's
 * database with force (tests/support/database.ts dropDatabase): it belongs to no test.
 */
const DROPPED_WITH_FORCE = 'Database connection lost: terminating connection due to administrator command'

afterEach(() => {
  const logged = errors.splice(0).filter((args) => !(args.length === 1 && args[0] === DROPPED_WITH_FORCE))
  if (logged.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${logged.map((a) => a.map(String).join(' ')).join('\n')}`,
    )
  }
})

vi.setConfig({ testTimeout: 60_000 })
