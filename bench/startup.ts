// The start part of `npm run bench` (BENCH_ONLY=start): how long `npm start` takes until the
// portal serves, the build being there already. First on a fresh data folder, as on a new
// machine: initdb of the embedded Postgres server, the migrations, the demo seed and its pictures,
// the Auth emulator (goal ≤ 60 s). Then, the portal stopped, again on the same folder, as every
// later start is (goal ≤ 10 s), START_BENCH_LATER times (default 2).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawnPortal } from '../scripts/spawn-portal'

export const START_GOALS = { firstSeconds: 60, laterSeconds: 10 }

export interface StartFigures {
  /** `Database: PostgreSQL 18.4, embedded, …` as the portal printed it. */
  database: string
  firstSeconds: number
  laterSeconds: number[]
  /** From SIGTERM to the portal's exit, its server stopped: the later starts wait for none of it. */
  stopSeconds: number[]
}

const seconds = (since: number) => +((performance.now() - since) / 1000).toFixed(1)

export async function startBench(): Promise<StartFigures> {
  const later = Math.max(1, Math.floor(Number(process.env.START_BENCH_LATER ?? 2)))
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-bench-'))
  const laterSeconds: number[] = []
  const stopSeconds: number[] = []
  let firstSeconds = 0
  let database = ''
  try {
    for (let run = 0; run <= later; run++) {
      const started = performance.now()
      const portal = await spawnPortal('start-bench', { compiled: true, dataDir })
      const took = seconds(started)
      if (run === 0) {
        firstSeconds = took
        database = /Database: .*/.exec(portal.output())?.[0] ?? '?'
      } else laterSeconds.push(took)
      const stopping = performance.now()
      await portal.stop()
      stopSeconds.push(seconds(stopping))
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  return { database, firstSeconds, laterSeconds, stopSeconds }
}

export function printStartFigures(figures: StartFigures) {
  const verdict = (ok: boolean) => (ok ? 'OK' : 'MISSED')
  const slowest = Math.max(...figures.laterSeconds)
  console.log('\nStarting the built portal until it serves (as `npm start` does, build present)')
  console.log(`  ${figures.database}`)
  console.log(
    `  first start on a fresh data folder (initdb, migrations, demo seed and pictures): ${figures.firstSeconds} s ` +
      `(goal ≤ ${START_GOALS.firstSeconds} s) ${verdict(figures.firstSeconds <= START_GOALS.firstSeconds)}`,
  )
  console.log(
    `  later starts on the same folder: ${figures.laterSeconds.map((s) => `${s} s`).join(', ')} ` +
      `(goal ≤ ${START_GOALS.laterSeconds} s) ${verdict(slowest <= START_GOALS.laterSeconds)}`,
  )
  console.log(`  stopping (SIGTERM until the portal and its server are gone): ${figures.stopSeconds.join(' s, ')} s`)
}
