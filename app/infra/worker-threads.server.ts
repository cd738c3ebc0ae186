// Worker threads for heavy work that must not hold up the portal's own thread (a spreadsheet's
// parsing and validation): how a worker module is found, built or not, and how many run at once.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker, type ResourceLimits } from 'node:worker_threads'

/**
 * Starts the worker module `<name>.worker.ts`. A built portal's modules are bundled into build/,
 * where scripts/build-server.mjs put `<name>.worker.mjs` beside them (`callerUrl` is the bundle).
 * From TypeScript sources, or from a bundle built without its workers (`remix build` alone), the
 * module under app/ is compiled on the fly by tsx.
 */
export function startWorker(
  name: string,
  callerUrl: string,
  options: { workerData: unknown; resourceLimits?: ResourceLimits },
): Worker {
  if (!callerUrl.endsWith('.ts')) {
    const built = new URL(`./${name}.worker.mjs`, callerUrl)
    if (fs.existsSync(built)) return new Worker(built, options)
  }
  const entry = callerUrl.endsWith('.ts')
    ? new URL(`./${name}.worker.ts`, callerUrl)
    : pathToFileURL(path.resolve(sourceOf(name)))
  // This module may itself be bundled: the boot script is then found in the sources too.
  const boot = import.meta.url.endsWith('.ts')
    ? new URL('./typescript-worker.mjs', import.meta.url)
    : pathToFileURL(path.resolve('app/infra/typescript-worker.mjs'))
  return new Worker(boot, { ...options, argv: [entry.href] })
}

/** Where `<name>.worker.ts` is under app/, as scripts/build-server.mjs finds it. */
function sourceOf(name: string): string {
  const file = fs
    .readdirSync('app', { recursive: true, encoding: 'utf8' })
    .find((candidate) => path.basename(candidate) === `${name}.worker.ts`)
  if (!file) throw new Error(`No worker module ${name}.worker.ts under app/`)
  return path.join('app', file)
}

/** At most `limit` holders at once; the others wait their turn, first come first served. */
export class Slots {
  private used = 0
  private readonly waiting: (() => void)[] = []

  constructor(readonly limit: number) {}

  async acquire(): Promise<() => void> {
    if (this.used >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve))
    else this.used++
    let released = false
    return () => {
      if (released) return
      released = true
      const next = this.waiting.shift()
      // The slot passes straight to the next in line, so `used` stays as it is.
      if (next) next()
      else this.used--
    }
  }
}

/** One heavy worker per core: more would only share the same cores and hold more memory. */
export const workerSlotCount = () => Math.max(2, os.availableParallelism())

/**
 * Called inside a worker: its thread yields the processor to the portal's own thread (and to
 * other people's requests) whenever both want it, as a background job should. Linux lets one
 * thread's priority be set through its thread id; elsewhere the worker keeps the normal one.
 */
export function runAtBackgroundPriority(): void {
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop())
    if (Number.isInteger(threadId) && threadId > 0) os.setPriority(threadId, BACKGROUND_NICENESS)
  } catch {
    // no /proc (macOS), or not allowed: the normal priority
  }
}

const BACKGROUND_NICENESS = 10
