// Whether anyone waits for someone else's job: while a long job runs on a portal (an import, a
// large upload, a batch of photos), a probe keeps asking it for `GET /healthz` every 50 ms and for
// a signed-in page (/brands) every 500 ms, as a load balancer and a person browsing would. The
// same probe runs first on the quiet portal, so each job's figures are ratios to the same
// portal's own quiet ones: busy /healthz longest wait over quiet p99 (goal ≤ 10×), and busy page
// p95 over quiet p95 (goal ≤ 3×). The machine may be shared and slow; the ratio holds anyway.
//
// Requests start on a fixed schedule whatever the answers do and each wait counts from its
// scheduled start, so a stalled portal can't slow the probe down and hide its own queue. The
// probe runs in a worker thread: the job's own client (streaming gigabytes from this process)
// never delays the probe's timers.
//
// The floor: on the same schedule the probe also asks a bare Node.js HTTP server (a process of
// its own, answering "ok" and nothing else) on the same machine. Its waits are what the machine
// alone costs while the job runs (two cores shared by the job's client, the portal, its database
// server, clamd and the image process): the part of the portal's waits that no change inside the
// portal can remove.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { Worker } from 'node:worker_threads'

export const PROBE_GOALS = { healthzMaxOverQuietP99: 10, pageP95OverQuietP95: 3 }

const QUIET_SECONDS = Number(process.env.PROBE_QUIET_SECONDS ?? 15)
const HEALTHZ_EVERY_MS = 50
const PAGE_EVERY_MS = 500

export interface Waits {
  p50Ms: number
  p95Ms: number
  p99Ms: number
  maxMs: number
  requests: number
  /** Answers other than 200, or no answer within 60 s (their wait counts as it was). */
  errors: number
  /** Each kind of error and how often it came. */
  errorKinds: Record<string, number>
}

export interface ProbeFigures {
  quietSeconds: number
  busySeconds: number
  healthz: { quiet: Waits; busy: Waits; busyMaxOverQuietP99: number }
  /** The bare server's /healthz on the same schedule (the floor). */
  floor: { quiet: Waits; busy: Waits; busyMaxOverQuietP99: number }
  page: { path: string; quiet: Waits; busy: Waits; busyP95OverQuietP95: number }
}

// Plain JavaScript for the worker, so it needs no loader of its own.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const http = require('node:http')
const { performance } = require('node:perf_hooks')
const { baseURL, floorURL, cookie, page, healthzEveryMs, pageEveryMs } = workerData
// Idle connections are let go before the portal's own keep-alive timeout (5 s), so no request
// goes out on a connection the portal is closing at that moment.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 4000 })
let phase = 'warm-up'
let running = true
let pending = 0
const samples = []
function get(url, headers) {
  return new Promise((resolve) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode === 200 ? null : 'HTTP ' + response.statusCode))
      response.on('error', (error) => resolve(error.code || error.message))
    })
    request.setTimeout(60000, () => request.destroy(new Error('no answer in 60 s')))
    request.on('error', (error) => resolve(error.code || error.message))
  })
}
function poll(kind, url, headers, every) {
  const start = performance.now()
  let i = 0
  const tick = () => {
    if (!running) return
    const scheduled = start + i++ * every
    const tag = phase
    pending++
    void get(url, headers).then((error) => {
      samples.push({ kind, phase: tag, ms: performance.now() - scheduled, error, at: Date.now() - (performance.now() - scheduled) })
      pending--
    })
    setTimeout(tick, Math.max(0, start + i * every - performance.now()))
  }
  tick()
}
parentPort.on('message', (message) => {
  if (message.phase) phase = message.phase
  if (message.stop) {
    running = false
    const finish = () => {
      if (pending > 0) return setTimeout(finish, 20)
      agent.destroy()
      parentPort.postMessage(samples)
    }
    finish()
  }
})
poll('healthz', baseURL + '/healthz', {}, healthzEveryMs)
poll('floor', floorURL + '/healthz', {}, healthzEveryMs)
poll('page', baseURL + page, { cookie }, pageEveryMs)
`

interface Sample {
  kind: 'healthz' | 'floor' | 'page'
  phase: string
  ms: number
  /** Why it failed (`HTTP 502`, `ECONNRESET` …), or null. */
  error: string | null
  /** When it was due (ms since the epoch), to set long waits beside a job's own log. */
  at: number
}

const round = (value: number) => +value.toFixed(1)

function waits(samples: Sample[]): Waits {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b)
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN)
  return {
    p50Ms: round(at(0.5)),
    p95Ms: round(at(0.95)),
    p99Ms: round(at(0.99)),
    maxMs: round(sorted[sorted.length - 1] ?? NaN),
    requests: sorted.length,
    errors: samples.filter((sample) => sample.error).length,
    errorKinds: samples.reduce<Record<string, number>>((kinds, { error }) => {
      if (error) kinds[error] = (kinds[error] ?? 0) + 1
      return kinds
    }, {}),
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const BARE_SERVER = `require('node:http').createServer((request, response) => response.end('ok'))
  .listen(0, '127.0.0.1', function () { console.log(this.address().port) })`

/** The floor's bare server, started with the same Node.js as the portal; answers its address. */
async function startBareServer(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['-e', BARE_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] })
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()))
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)))
  })
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGKILL') }
}

/**
 * Probes the portal while it is quiet for PROBE_QUIET_SECONDS (default 15, after a second of
 * warm-up), then while `job` runs; answers the job's result and the probe's figures.
 */
export async function probeAround<T>(
  portal: { baseURL: string },
  cookie: string,
  job: () => Promise<T>,
  page = '/brands',
): Promise<{ result: T; probe: ProbeFigures }> {
  const bare = await startBareServer()
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      baseURL: portal.baseURL,
      floorURL: bare.url,
      cookie,
      page,
      healthzEveryMs: HEALTHZ_EVERY_MS,
      pageEveryMs: PAGE_EVERY_MS,
    },
  })
  const collected = new Promise<Sample[]>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  let result: T
  let busySeconds: number
  try {
    await pause(1000)
    worker.postMessage({ phase: 'quiet' })
    await pause(QUIET_SECONDS * 1000)
    worker.postMessage({ phase: 'busy' })
    const start = performance.now()
    result = await job()
    busySeconds = (performance.now() - start) / 1000
    worker.postMessage({ phase: 'after', stop: true })
  } catch (error) {
    await worker.terminate()
    bare.stop()
    throw error
  }
  const samples = await collected
  await worker.terminate()
  bare.stop()
  // PROBE_TIMELINE=<file>: every busy request's due time and wait, to find when the long ones came.
  if (process.env.PROBE_TIMELINE) {
    const lines = samples.filter((s) => s.phase === 'busy').map((s) => `${s.at}\t${s.kind}\t${s.ms.toFixed(1)}`)
    fs.appendFileSync(process.env.PROBE_TIMELINE, lines.join('\n') + '\n')
  }
  const of = (kind: Sample['kind'], phase: string) => waits(samples.filter((s) => s.kind === kind && s.phase === phase))
  const healthz = { quiet: of('healthz', 'quiet'), busy: of('healthz', 'busy') }
  const floor = { quiet: of('floor', 'quiet'), busy: of('floor', 'busy') }
  const pageWaits = { quiet: of('page', 'quiet'), busy: of('page', 'busy') }
  return {
    result,
    probe: {
      quietSeconds: QUIET_SECONDS,
      busySeconds: round(busySeconds),
      healthz: { ...healthz, busyMaxOverQuietP99: +(healthz.busy.maxMs / healthz.quiet.p99Ms).toFixed(1) },
      floor: { ...floor, busyMaxOverQuietP99: +(floor.busy.maxMs / floor.quiet.p99Ms).toFixed(1) },
      page: {
        path: page,
        ...pageWaits,
        busyP95OverQuietP95: +(pageWaits.busy.p95Ms / pageWaits.quiet.p95Ms).toFixed(1),
      },
    },
  }
}

const verdict = (ok: boolean) => (ok ? 'OK' : 'MISSED')

/** Three lines: /healthz and the page, each job's ratio beside its goal, and the floor. */
export function printProbe(job: string, probe: ProbeFigures, indent = '  ') {
  const { healthz, floor, page } = probe
  const errors = (w: Waits) =>
    w.errors
      ? `, ${w.errors} errors (${Object.entries(w.errorKinds)
          .map(([kind, count]) => `${kind} ×${count}`)
          .join(', ')})`
      : ''
  console.log(
    `${indent}while ${job} (${probe.busySeconds} s): GET /healthz longest wait ${healthz.busy.maxMs} ms = ` +
      `${healthz.busyMaxOverQuietP99}× its quiet p99 ${healthz.quiet.p99Ms} ms (goal ≤ ${PROBE_GOALS.healthzMaxOverQuietP99}×) ` +
      `${verdict(healthz.busyMaxOverQuietP99 <= PROBE_GOALS.healthzMaxOverQuietP99 && !healthz.busy.errors)}` +
      `   [busy p99 ${healthz.busy.p99Ms} ms, ${healthz.busy.requests} requests${errors(healthz.busy)}; quiet p50 ${healthz.quiet.p50Ms} ms, ${healthz.quiet.requests} requests]`,
  )
  console.log(
    `${indent}  floor, a bare Node.js server on the same machine meanwhile: longest wait ${floor.busy.maxMs} ms = ` +
      `${floor.busyMaxOverQuietP99}× its quiet p99 ${floor.quiet.p99Ms} ms   [busy p99 ${floor.busy.p99Ms} ms${errors(floor.busy)}]`,
  )
  console.log(
    `${indent}while ${job}: ${page.path} (signed in) p95 ${page.busy.p95Ms} ms = ${page.busyP95OverQuietP95}× its quiet p95 ` +
      `${page.quiet.p95Ms} ms (goal ≤ ${PROBE_GOALS.pageP95OverQuietP95}×) ` +
      `${verdict(page.busyP95OverQuietP95 <= PROBE_GOALS.pageP95OverQuietP95 && !page.busy.errors)}` +
      `   [busy max ${page.busy.maxMs} ms, ${page.busy.requests} requests${errors(page.busy)}; quiet p50 ${page.quiet.p50Ms} ms, ${page.quiet.requests} requests]`,
  )
}
