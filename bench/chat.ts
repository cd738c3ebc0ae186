// The chat part of `npm run bench` (issue 8, Scale). Seeds a brand of CHAT_BENCH_SOCKETS members
// (default 2,000) in group chats of 10 straight into the embedded database server of a fresh data
// folder (stopped again once seeded), starts the portal on that folder in its own process, connects one socket per member (each watching its group, as an open chat does) and
// has every socket send one message a second, spread evenly over the second, for
// CHAT_BENCH_SECONDS (default 60) after a short warm-up. It prints deliveries per second, the
// delivery latency (send → receipt at each other member) and the messages lost, checks the
// database holds every message sent, then runs the same load against a bare socket.io relay
// (bench/echo-server.ts) for the ratio of the p99s (goal: the portal's ≤ 5× the relay's, every
// message stored before it is pushed, none lost). Last, it times opening a conversation of
// 10,000 messages (the newest 50). Needs ~1 open file per socket twice over: see `ulimit -n`.
import { listMessages } from '#app/features/chat/chat.server'
import { actorForAccount } from '#app/features/identity/accounts.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { openDatabase } from '#db/client'
import { sql } from 'drizzle-orm'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { spawnPortal } from '../scripts/spawn-portal'
import { CHAT_GOALS, ack, chatBenchOptions, percentile, runLoad, seed, type LoadFigures } from './chat-load'
import { describeMemory, portalMemory, residentMB, type PortalMemory } from './memory'

async function startEchoServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/echo-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (\d+)/.exec(output)
      if (match) resolve(Number(match[1]))
    })
    child.once('exit', () => reject(new Error(`the echo server exited: ${output}`)))
  })
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Median and p95 of `count` runs of `run`, after 5 unmeasured ones. */
async function timed(count: number, run: () => Promise<void>) {
  for (let i = 0; i < 5; i++) await run()
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const begin = performance.now()
    await run()
    times.push(performance.now() - begin)
  }
  const sorted = [...times].sort((a, b) => a - b)
  return { medianMs: +median(times).toFixed(2), p95Ms: +percentile(sorted, 0.95).toFixed(2) }
}

export interface ChatFigures {
  sockets: number
  groupSize: number
  seconds: number
  warmupSeconds: number
  portal: Omit<LoadFigures, 'clientKeys'> & { storedOfSent: number }
  echo: Omit<LoadFigures, 'clientKeys'>
  p99Ratio: number
  portalResidentMemoryAfterMB: number | null
  /** Pss of the portal and its Postgres server together after the load. */
  memoryAfter: PortalMemory | null
  history: {
    messages: number
    requests: number
    responseMedianMs: number
    responseP95Ms: number
    serviceMedianMs: number
    serviceP95Ms: number
  }
}

export async function chatBench(): Promise<ChatFigures> {
  const options = chatBenchOptions()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-chat-bench-'))
  try {
    const seeded = await seed(dataDir, options)

    const echo = await startEchoServer()
    let echoFigures: LoadFigures
    try {
      echoFigures = await runLoad(
        {
          url: echo.url,
          headers: () => ({}),
          join: async (socket, member) => void (await ack(socket, 'join', member.conversation)),
          sendEvent: 'send',
          payload: (member, clientKey) => ({
            conversation: member.conversation,
            text: `Hello ${clientKey}`,
            client_key: clientKey,
          }),
          receiveEvent: 'message',
        },
        seeded.members,
        options,
        'echo',
      )
    } finally {
      await echo.stop()
    }

    const portal = await spawnPortal('chat-bench', {
      compiled: true,
      dataDir,
      env: { SEED_DEMO: 'false' },
      // CHAT_BENCH_PORTAL_NODE_ARGS: Node.js options for the portal, e.g. "--cpu-prof --cpu-prof-dir=prof"
      // for a CPU profile written when it stops, or "--trace-gc".
      nodeArgs: process.env.CHAT_BENCH_PORTAL_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
    })
    let portalFigures: LoadFigures
    let history: Omit<ChatFigures['history'], 'serviceMedianMs' | 'serviceP95Ms'>
    let memoryMB: number | null
    let memoryAfter: PortalMemory | null
    try {
      portalFigures = await runLoad(
        {
          url: portal.baseURL,
          headers: (member) => ({ cookie: member.cookie }),
          join: async (socket, member) => {
            const answer = await ack<{ ok: boolean }>(socket, 'chat:watch', { conversation: member.conversation })
            if (!answer.ok) throw new Error(`chat:watch refused: ${JSON.stringify(answer)}`)
          },
          sendEvent: 'chat:send',
          payload: (member, clientKey) => ({
            conversation: member.conversation,
            text: `Hello ${clientKey}`,
            client_key: clientKey,
          }),
          receiveEvent: 'chat:message',
        },
        seeded.members,
        options,
        'chat',
      )
      memoryMB = residentMB(portal.pid)
      memoryAfter = portalMemory(portal)
      // CHAT_BENCH_PORTAL_LOG=file: what the portal printed (with --trace-gc, its collections).
      if (process.env.CHAT_BENCH_PORTAL_LOG) fs.writeFileSync(process.env.CHAT_BENCH_PORTAL_LOG, portal.output())
      const url = `${portal.baseURL}/api/message/query/conversation?conversation=${seeded.history.conversation}`
      const response = await timed(options.historyRequests, async () => {
        const answer = await fetch(url, { headers: { cookie: seeded.history.readerCookie } })
        const body = (await answer.json()) as { data?: { messages: unknown[] } }
        if (answer.status !== 200 || body.data?.messages.length !== 50) {
          throw new Error(`opening the long conversation answered ${answer.status}`)
        }
      })
      history = {
        messages: options.historyMessages,
        requests: options.historyRequests,
        responseMedianMs: response.medianMs,
        responseP95Ms: response.p95Ms,
      }
    } finally {
      await portal.stop()
    }

    // With the portal stopped, its database opens here: every message sent must be stored, and
    // the history page is timed again as a service call alone.
    const database = await openDatabase({ dataDir })
    let stored: number
    let service: { medianMs: number; p95Ms: number }
    try {
      const result = await database.db.execute<{ stored: number }>(
        sql`select count(distinct client_key)::int as stored from messages where client_key like 'chat-%'`,
      )
      stored = (result as unknown as { rows: { stored: number }[] }).rows[0]!.stored
      const deps = { db: database.db } as ServiceDeps
      const reader = await actorForAccount(deps, seeded.history.readerKey)
      service = await timed(options.historyRequests, async () => {
        await listMessages(deps, reader, seeded.history.conversation)
      })
    } finally {
      await database.close()
    }

    const { clientKeys: _portalKeys, ...portalRest } = portalFigures
    const { clientKeys: _echoKeys, ...echoRest } = echoFigures
    return {
      sockets: options.sockets,
      groupSize: options.groupSize,
      seconds: options.seconds,
      warmupSeconds: options.warmupSeconds,
      portal: { ...portalRest, storedOfSent: stored },
      echo: echoRest,
      p99Ratio: +(portalFigures.p99Ms / echoFigures.p99Ms).toFixed(2),
      portalResidentMemoryAfterMB: memoryMB,
      memoryAfter,
      history: { ...history, serviceMedianMs: service.medianMs, serviceP95Ms: service.p95Ms },
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The figures as lines of "name: value unit"; whether each goal is met. */
export function printChatFigures(figures: ChatFigures): boolean {
  const load = (label: string, f: ChatFigures['echo']) =>
    `  ${label.padEnd(12)} deliveries ${f.deliveriesPerSecond}/s   latency p50 ${f.p50Ms} ms   p95 ${f.p95Ms} ms   p99 ${f.p99Ms} ms   max ${f.maxMs} ms   lost ${f.lost} of ${f.expectedDeliveries}${f.duplicates ? `   duplicates ${f.duplicates}` : ''}   sends refused ${f.refused} of ${f.sent}   seconds with a delivery over 50 ms ${f.secondsOver50Ms} of ${f.worstBySecondMs.length}   (load generator loop delay p99 ${f.generatorLoopDelayP99Ms} ms)${f.refusals.length ? `\n    refusals: ${f.refusals.join('; ')}` : ''}`
  const p99Ok = figures.portal.p99Ms <= CHAT_GOALS.p99Ms
  const lostOk = figures.portal.lost === 0 && figures.portal.storedOfSent === figures.portal.sent
  const ratioOk = figures.p99Ratio <= CHAT_GOALS.p99OverEcho
  const historyOk = figures.history.serviceMedianMs <= CHAT_GOALS.historyServiceMedianMs
  const verdict = (ok: boolean) => (ok ? 'OK' : 'NOT MET')
  console.log(
    `\nChat: ${figures.sockets} sockets in group chats of ${figures.groupSize}, one message a second each for ${figures.seconds} s (after ${figures.warmupSeconds} s warm-up)`,
  )
  console.log(load('portal', figures.portal))
  console.log(load('echo server', figures.echo))
  console.log(`  stored in the database: ${figures.portal.storedOfSent} of ${figures.portal.sent} messages sent`)
  console.log(
    `  p99 ratio portal / echo: ${figures.p99Ratio}× (${figures.portal.p99Ms} ms / ${figures.echo.p99Ms} ms; goal ≤ ${CHAT_GOALS.p99OverEcho}×) ${verdict(ratioOk)}`,
  )
  console.log(`  lost: ${figures.portal.lost} (goal 0, all stored) ${verdict(lostOk)}`)
  console.log(`  portal p99: ${figures.portal.p99Ms} ms (goal ≤ ${CHAT_GOALS.p99Ms} ms) ${verdict(p99Ok)}`)
  console.log(`  portal resident memory after the load: ${figures.portalResidentMemoryAfterMB ?? '?'} MB`)
  console.log(`  portal and its Postgres server after the load (Pss): ${describeMemory(figures.memoryAfter)}`)
  console.log(
    `  open a conversation of ${figures.history.messages} messages (newest 50): response median ${figures.history.responseMedianMs} ms   p95 ${figures.history.responseP95Ms} ms   service call median ${figures.history.serviceMedianMs} ms   p95 ${figures.history.serviceP95Ms} ms   (${figures.history.requests} requests; goal ≤ ${CHAT_GOALS.historyServiceMedianMs} ms) ${verdict(historyOk)}`,
  )
  return p99Ok && lostOk && ratioOk && historyOk
}
