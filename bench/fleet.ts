// The fleet's part of `npm run bench` (BENCH_ONLY=fleet): what running past one machine costs and
// gains, each figure against its peer measured in the same run.
//  - a batch of 200 product photos (12-megapixel JPEGs, reserved by the preflight, uploaded over tus
//    4 at a time, until the last is checked and thumbnailed) with files in an S3-compatible store,
//    against the same batch on local disk (goal ≤ 1.5×);
//  - the portal's peak resident memory while a 2 GB file is uploaded over tus into the store and
//    checked (goal ≤ 300 MB);
//  - signed-in page throughput (the products list) of two portal processes on one Postgres server,
//    load-balanced round robin, against one process, each pinned to a core of its own (goal ≥ 1.7×).
// The S3-compatible server is the tests' (s3rver, a Node implementation, in this process); the
// Postgres server the local one as .ci/run starts it (the throughput part is skipped without).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3Server } from '#tests/support/s3-server'
import { signInAs, spawnPortal } from '../scripts/spawn-portal'
import { onLocalPostgres } from './catalogue'
import { apiCall, largeUpload, listen, printLarge, productPhoto, uploadReserved, type LargeUpload } from './files'

export const FLEET_GOALS = { s3BatchRatio: 1.5, peakRssMB: 300, twoProcessesRatio: 1.7 }

const PHOTOS = Number(process.env.FILES_BENCH_PHOTOS ?? 200)
const BUCKET = 'portal-files'
/** Seconds of closed-loop load per measurement of page throughput, and requests in flight. */
const LOAD_SECONDS = Number(process.env.FLEET_BENCH_SECONDS ?? 10)
const IN_FLIGHT = 8

export interface FleetFigures {
  batch: {
    photos: number
    localSeconds: number
    s3Seconds: number
    ratio: number
    available: number
    /** CPU seconds of each run: the portal with its image process, and this process (uploads, S3 server). */
    cpu: { local: BatchCpu; s3: BatchCpu }
  }
  large: LargeUpload
  pages:
    | {
        one: number
        two: number
        ratio: number
        cores: number
        /** CPU per page in the one-process run, ms: the portal, the Postgres server, this load client. */
        cpuPerPage: { portal: number; postgres: number; client: number }
        /** The most two processes could give on this machine: every core busy with pages. */
        ceiling: number
      }
    | { skipped: string }
}

export async function fleetBench(): Promise<FleetFigures> {
  const photos = await Promise.all([0, 1, 2, 3].map(productPhoto))
  const s3 = await startS3Server()
  try {
    await s3.createBucket(BUCKET)
    const s3Env = objectStoreEnv(s3)
    const local = await photoBatch({}, photos)
    const inStore = await photoBatch(s3Env, photos)
    const large = await largeInStore(s3Env)
    return {
      batch: {
        photos: PHOTOS,
        localSeconds: local.seconds,
        s3Seconds: inStore.seconds,
        ratio: inStore.seconds / local.seconds,
        available: inStore.available,
        cpu: { local: local.cpu, s3: inStore.cpu },
      },
      large,
      pages: await pageThroughput(),
    }
  } finally {
    await s3.stop()
  }
}

function objectStoreEnv(s3: TestS3Server): Record<string, string> {
  return {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
  }
}

/** The media upload step's batch on a portal of its own: seconds from the preflight to the last check. */
async function photoBatch(env: Record<string, string>, photos: Buffer[]) {
  const portal = await spawnPortal('fleet-bench', { compiled: true, env })
  try {
    const cookie = await signInAs(portal.baseURL, 'editor@demo.test')
    const listened = await listen(portal.baseURL, cookie)
    try {
      const run = Date.now().toString(36)
      const names = Array.from({ length: PHOTOS }, (_, i) => `SN${run}${i}_SKU${i}_front.jpg`)
      const start = performance.now()
      const before = { portal: treeCpuMs(portal.pid), here: process.cpuUsage() }
      const reserved = (await apiCall(portal.baseURL, cookie, 'POST', 'media/method/batch', {
        brand: DEMO_BRAND_KEY,
        names,
      })) as { name: string; key: string }[]
      const keys = await uploadReserved(portal.baseURL, cookie, reserved, photos)
      await Promise.all(keys.map(listened.settled))
      const seconds = (Math.max(...keys.map((key) => listened.finished.get(key)!.at)) - start) / 1000
      const available = keys.filter((key) => listened.finished.get(key)!.status === 'available').length
      const here = process.cpuUsage(before.here)
      const cpu = { portal: (treeCpuMs(portal.pid) - before.portal) / 1000, here: (here.user + here.system) / 1e6 }
      return { seconds, available, cpu }
    } finally {
      listened.socket.disconnect()
    }
  } finally {
    await portal.stop()
  }
}

async function largeInStore(env: Record<string, string>): Promise<LargeUpload> {
  const portal = await spawnPortal('fleet-bench-large', { compiled: true, env })
  try {
    const cookie = await signInAs(portal.baseURL, 'editor@demo.test')
    const listened = await listen(portal.baseURL, cookie)
    try {
      return await largeUpload(portal, cookie, listened)
    } finally {
      listened.socket.disconnect()
    }
  } finally {
    await portal.stop()
  }
}

/** Pins every thread of a running process to one core. */
function pin(pid: number, core: number): void {
  execFileSync('taskset', ['-a', '-cp', String(core), String(pid)], { stdio: 'pipe' })
}

/** CPU time of processes, ms, from /proc (user + system). */
function cpuMs(pids: number[]): number {
  const tick = 1000 / 100
  let total = 0
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
      total += (Number(fields[11]) + Number(fields[12])) * tick
    } catch {
      // gone meanwhile
    }
  }
  return total
}

type BatchCpu = { portal: number; here: number }

/** CPU time of a process and every process below it (the portal, its image process, its Postgres), ms. */
function treeCpuMs(root: number): number {
  const parents = new Map<number, number>()
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      parents.set(Number(name), Number(fs.readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]))
    } catch {
      // gone meanwhile
    }
  }
  const below = (pid: number): boolean => pid === root || (parents.has(pid) && pid > 1 && below(parents.get(pid)!))
  return cpuMs([...parents.keys()].filter(below))
}

/** The Postgres server's processes (postmaster and backends) running now. */
function postgresPids(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres'
      } catch {
        return false
      }
    })
    .map(Number)
}

/** Pages answered per second, `IN_FLIGHT` requests at a time handed to the portals in turn. */
async function pagesPerSecond(
  ports: number[],
  cookie: string,
  cpu?: { portal: number; onPage(perPage: FleetCpu): void },
): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT })
  const path = `/brand/${DEMO_BRAND_KEY}/products`
  let turn = 0
  const get = () =>
    new Promise<void>((resolve, reject) => {
      const port = ports[turn++ % ports.length]!
      http
        .get({ host: '127.0.0.1', port, path, agent, headers: { cookie } }, (response) => {
          if (response.statusCode !== 200) reject(new Error(`the products list answered ${response.statusCode}`))
          response.resume()
          response.on('end', () => resolve())
        })
        .on('error', reject)
    })
  const loop = async (until: number) => {
    let done = 0
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (performance.now() < until) {
          await get()
          done++
        }
      }),
    )
    return done
  }
  await loop(performance.now() + 2_000) // warm up
  const postgres = postgresPids()
  const before = { portal: cpu ? cpuMs([cpu.portal]) : 0, postgres: cpuMs(postgres), client: process.cpuUsage() }
  const start = performance.now()
  const done = await loop(start + LOAD_SECONDS * 1000)
  if (cpu) {
    const client = process.cpuUsage(before.client)
    cpu.onPage({
      portal: (cpuMs([cpu.portal]) - before.portal) / done,
      postgres: (cpuMs(postgres) - before.postgres) / done,
      client: (client.user + client.system) / 1000 / done,
    })
  }
  agent.destroy()
  return done / ((performance.now() - start) / 1000)
}

type FleetCpu = { portal: number; postgres: number; client: number }

function pageThroughput(): Promise<FleetFigures['pages']> {
  const cores = os.cpus().length
  if (cores < 2) return Promise.resolve({ skipped: 'two processes need two cores' })
  const label = 'fleet_bench'
  return onLocalPostgres(label, 0, async (first, cookie, databaseUrl) => {
    const second = await spawnPortal('fleet-bench-second', {
      compiled: true,
      env: { SEED_DEMO: 'false', DATABASE_URL: databaseUrl, SESSION_SECRET: `${label}-session-secret` },
    })
    try {
      pin(first.pid, 0)
      pin(second.pid, 1)
      const ports = [first, second].map((portal) => Number(new URL(portal.baseURL).port))
      let cpuPerPage: FleetCpu = { portal: 0, postgres: 0, client: 0 }
      const one = await pagesPerSecond([ports[0]!], cookie, {
        portal: first.pid,
        onPage: (perPage) => (cpuPerPage = perPage),
      })
      const two = await pagesPerSecond(ports, cookie)
      // Every core busy with pages: the portal's, the server's and the client's share of each.
      const perPage = cpuPerPage.portal + cpuPerPage.postgres + cpuPerPage.client
      const ceiling = (cores * 1000) / perPage / one
      return { one, two, ratio: two / one, cores, cpuPerPage, ceiling }
    } finally {
      await second.stop()
    }
  })
}

const verdict = (met: boolean) => (met ? 'met' : 'missed')

export function printFleetFigures(figures: FleetFigures): void {
  const { batch, pages } = figures
  console.log('\nFleet: files in an S3-compatible store, two processes')
  console.log(
    `  ${batch.photos} product photos uploaded, checked and thumbnailed: local disk ${batch.localSeconds.toFixed(1)} s, ` +
      `S3 store ${batch.s3Seconds.toFixed(1)} s (${batch.available} available): ${batch.ratio.toFixed(2)}× ` +
      `(goal ≤ ${FLEET_GOALS.s3BatchRatio}×, ${verdict(batch.ratio <= FLEET_GOALS.s3BatchRatio)})`,
  )
  const cpu = (run: BatchCpu) =>
    `portal with its image process and database ${run.portal.toFixed(1)} s, uploads and S3 server ${run.here.toFixed(1)} s`
  console.log(
    `    CPU: local disk ${cpu(batch.cpu.local)}; S3 store ${cpu(batch.cpu.s3)} ` +
      `(the S3 server runs on the same ${os.cpus().length} cores)`,
  )
  printLarge('files in the S3 store', figures.large)
  if ('skipped' in pages) console.log(`  two processes: skipped (${pages.skipped})`)
  else
    console.log(
      `  the products list, signed in: one process ${pages.one.toFixed(1)}/s, two ${pages.two.toFixed(1)}/s ` +
        `(round robin, one core each of ${pages.cores}): ${pages.ratio.toFixed(2)}× ` +
        `(goal ≥ ${FLEET_GOALS.twoProcessesRatio}×, ${verdict(pages.ratio >= FLEET_GOALS.twoProcessesRatio)})`,
    )
  if (!('skipped' in pages)) {
    const { portal, postgres, client } = pages.cpuPerPage
    console.log(
      `    CPU per page with one process: portal ${portal.toFixed(1)} ms, Postgres ${postgres.toFixed(1)} ms, ` +
        `load client ${client.toFixed(1)} ms; with all ${pages.cores} cores on pages the most two processes ` +
        `could give here is ${pages.ceiling.toFixed(2)}× (the floor this machine sets)`,
    )
  }
}
