// Worker threads for heavy work that must not hold up the portal's own thread (a spreadsheet's
// parsing and validation): how a worker module is found, built or not, and how many run at once.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createHash } from 'node:crypto'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker, type ResourceLimits } from 'node:worker_threads'

/**
 * Starts the worker module `<name>.worker.ts`. A built portal's modules are bundled into build/,
 * where scripts/build-server.mjs put `<name>.worker.mjs` beside them (`callerUrl` is the bundle).
 * From TypeScript sources (development, tests, the benchmark), or from a bundle built without its
 * workers (`remix build` alone), the module under app/ is bundled the same way once per process
 * (bundledFromSources); where esbuild is not installed, tsx compiles it in the worker instead.
 */
export async function startWorker(
  name: string,
  callerUrl: string,
  options: { workerData: unknown; resourceLimits?: ResourceLimits },
): Promise<Worker> {
  if (!callerUrl.endsWith('.ts')) {
    const built = new URL(`./${name}.worker.mjs`, callerUrl)
    if (fs.existsSync(built)) return new Worker(built, options)
  }
  const entry = callerUrl.endsWith('.ts') ? fileURLToPath(new URL(`./${name}.worker.ts`, callerUrl)) : sourceOf(name)
  const bundled = await bundledFromSources(name, entry)
  if (bundled) return new Worker(pathToFileURL(bundled), options)
  // This module may itself be bundled: the boot script is then found in the sources too.
  const boot = import.meta.url.endsWith('.ts')
    ? new URL('./typescript-worker.mjs', import.meta.url)
    : pathToFileURL(path.resolve('app/infra/typescript-worker.mjs'))
  return new Worker(boot, { ...options, argv: [pathToFileURL(entry).href] })
}

const bundles = new Map<string, Promise<string | null>>()

/**
 * The worker module at `entry`, bundled as scripts/build-server.mjs bundles it, into
 * node_modules/.cache/portal-workers/ (packages are imported from node_modules, so the bundle must
 * sit under it). Once per process: a worker started through tsx compiled its whole module graph
 * at every start, a third of a second for each import of a small sheet. The file is named by its
 * content, so processes running side by side, or on other sources, never overwrite one another's.
 * Null where esbuild is not installed.
 */
function bundledFromSources(name: string, entry: string): Promise<string | null> {
  let bundle = bundles.get(entry)
  if (!bundle) {
    bundle = bundleWorker(name, entry).catch(() => null)
    bundles.set(entry, bundle)
  }
  return bundle
}

async function bundleWorker(name: string, entry: string): Promise<string | null> {
  const esbuild = await import('esbuild').catch(() => null)
  if (!esbuild) return null
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'keep-packages-outside',
        setup(builder) {
          builder.onResolve({ filter: /^[^./#]/ }, (args) =>
            args.path.endsWith('.json') ? undefined : { path: args.path, external: true },
          )
        },
      },
    ],
  })
  const code = result.outputFiles[0]!.contents
  const dir = path.resolve('node_modules/.cache/portal-workers')
  const file = path.join(dir, `${name}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`)
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true })
    const partial = `${file}.${process.pid}.partial`
    fs.writeFileSync(partial, code)
    fs.renameSync(partial, file)
  }
  return file
}

/** Where `<name>.worker.ts` is under app/, as scripts/build-server.mjs finds it. */
function sourceOf(name: string): string {
  const file = fs
    .readdirSync('app', { recursive: true, encoding: 'utf8' })
    .find((candidate) => path.basename(candidate) === `${name}.worker.ts`)
  if (!file) throw new Error(`No worker module ${name}.worker.ts under app/`)
  return path.resolve('app', file)
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
