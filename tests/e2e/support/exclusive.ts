// One test at a time for demo data that tests change and check as a whole (the steps of Wrap
// Dress): with two workers, two files could otherwise reset and count the same steps at once.
// The lock is a folder beside the portal's data (mkdir is atomic); a lock left by a worker that
// died is taken over once it is older than any test may run.
import fs from 'node:fs'
import path from 'node:path'
import { e2eEnvironment } from '../fixtures'

const STALE_MS = 10 * 60_000

export async function exclusively<T>(name: string, run: () => Promise<T>): Promise<T> {
  const lock = path.join(e2eEnvironment().dataDir, `e2e-lock-${name}`)
  for (;;) {
    try {
      fs.mkdirSync(lock)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
      if (age > STALE_MS) fs.rmSync(lock, { recursive: true, force: true })
      else await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  try {
    return await run()
  } finally {
    fs.rmSync(lock, { recursive: true, force: true })
  }
}
