// The portal's side of the image process (image-sizes.mjs beside it, docs/decisions/109):
// started on the first image, stopped after a minute without work, started again when needed.
// A job that fails answers its error; a process that dies or hangs fails the jobs it held, and
// the next job starts a new one.
import { fork, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export interface SizesJob {
  /** The image on local disk. */
  input: string
  /** Its type by content (image/jpeg, image/png, image/webp, image/gif). */
  type: string
  /** Most pixels the image may have; sharp refuses more before decoding. */
  maxPixels: number
  thumbnail: { width: number; height: number }
  /** Longest side of the web size; null: the thumbnail only. */
  web: number | null
}

export interface Sizes {
  thumbnail: Buffer
  web: Buffer | null
}

export interface ImageProcessOptions {
  /** Nice value of the process (higher runs later): pages first, images with the idle cores. */
  nice: number
  /** Stops the process after this long without a job. */
  idleMs: number
  /** A job taking longer than this ends the process (a pathological image), failing its jobs. */
  jobTimeoutMs: number
}

interface Pending {
  child: ChildProcess
  resolve(sizes: Sizes): void
  reject(error: Error): void
  timer: NodeJS.Timeout
}

type Reply = { id: number; thumbnail?: Uint8Array; web?: Uint8Array | null; error?: string } | { ready: true }

/** Where the worker script is: beside this module in the sources, under app/ in a build. */
function workerScript(): string {
  const candidates = [
    fileURLToPath(new URL('./image-sizes.mjs', import.meta.url)),
    path.resolve(process.cwd(), 'app/features/files/image-sizes.mjs'),
  ]
  return candidates.find((file) => fs.existsSync(file)) ?? candidates[1]!
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

export class ImageProcess {
  private child: ChildProcess | null = null
  private readonly pending = new Map<number, Pending>()
  private nextId = 1
  private idleTimer: NodeJS.Timeout | null = null

  constructor(private readonly options: ImageProcessOptions) {}

  /** The process's id while it runs (tests and the bench look at it). */
  get pid(): number | undefined {
    return this.child?.pid
  }

  sizes(job: SizesJob): Promise<Sizes> {
    const child = this.running()
    const id = this.nextId++
    if (this.idleTimer) clearTimeout(this.idleTimer)
    this.idleTimer = null
    return new Promise<Sizes>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.forget(child)
        this.fail(child, new Error('Making the image sizes took too long.'))
        child.kill('SIGKILL')
      }, this.options.jobTimeoutMs)
      this.pending.set(id, { child, resolve, reject, timer })
      child.send({ id, ...job })
    })
  }

  /** Ends the process; jobs it held fail. */
  async stop(): Promise<void> {
    const child = this.child
    if (!child) return
    // From here on, new jobs start a new process.
    this.forget(child)
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.ref() // waiting for its end keeps this process alive
    child.kill()
    await exited
  }

  private forget(child: ChildProcess) {
    if (this.child === child) this.child = null
    if (this.idleTimer) clearTimeout(this.idleTimer)
    this.idleTimer = null
  }

  private running(): ChildProcess {
    if (this.child) return this.child
    const child = fork(workerScript(), [], {
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, IMAGE_NICE: String(this.options.nice) },
      execArgv: [],
    })
    child.on('message', (reply: Reply) => this.settle(reply))
    child.on('exit', () => {
      this.forget(child)
      this.fail(child, new Error('The image process stopped.'))
    })
    child.on('error', () => undefined) // an 'exit' follows and fails the jobs
    // The portal may exit while the process idles: it must not keep the portal alive.
    child.unref()
    ;(child as unknown as { channel?: { unref(): void } }).channel?.unref()
    this.child = child
    return child
  }

  private settle(reply: Reply) {
    if ('ready' in reply) return
    const pending = this.pending.get(reply.id)
    if (!pending) return
    this.pending.delete(reply.id)
    clearTimeout(pending.timer)
    if (reply.error !== undefined || !reply.thumbnail)
      pending.reject(new Error(reply.error ?? 'No thumbnail was made.'))
    else pending.resolve({ thumbnail: asBuffer(reply.thumbnail), web: reply.web ? asBuffer(reply.web) : null })
    if (this.pending.size === 0 && this.child) {
      this.idleTimer = setTimeout(() => void this.stop(), this.options.idleMs).unref()
    }
  }

  private fail(child: ChildProcess, error: Error) {
    for (const [id, pending] of this.pending) {
      if (pending.child !== child) continue
      clearTimeout(pending.timer)
      pending.reject(error)
      this.pending.delete(id)
    }
  }
}
