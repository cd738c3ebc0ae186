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
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { io as connectSocket, type Socket } from 'socket.io-client'
import { openDatabase } from '#db/client'
import { accounts, brands, conversationMembers, conversations, grants } from '#db/schema'
import { newKey } from '#app/platform/ids'
import { actorForAccount } from '#app/features/identity/accounts.server'
import { listMessages } from '#app/features/chat/chat.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { startSession } from '#app/features/identity/sessions.server'
import { spawnPortal } from '../scripts/spawn-portal'
import { describeMemory, portalMemory, residentMB, type PortalMemory } from './memory'
import { vacuumAnalyze } from './workspace'

export const CHAT_GOALS = { p99Ms: 50, p99OverEcho: 5, historyServiceMedianMs: 30 }

export interface ChatBenchOptions {
  sockets: number
  seconds: number
  warmupSeconds: number
  groupSize: number
  historyMessages: number
  historyRequests: number
}

export function chatBenchOptions(): ChatBenchOptions {
  const number = (name: string, fallback: number) => {
    const value = Number(process.env[name] ?? fallback)
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`)
    return value
  }
  return {
    sockets: Math.floor(number('CHAT_BENCH_SOCKETS', 2000)),
    seconds: number('CHAT_BENCH_SECONDS', 60),
    warmupSeconds: number('CHAT_BENCH_WARMUP_SECONDS', 5),
    groupSize: 10,
    historyMessages: Math.floor(number('CHAT_BENCH_HISTORY', 10_000)),
    historyRequests: 50,
  }
}

interface Member {
  key: string
  cookie: string
  conversation: string
}

interface Seeded {
  members: Member[]
  history: { conversation: string; readerKey: string; readerCookie: string }
}

/** Accounts, grants, sessions and group chats written straight into the database the portal opens. */
async function seed(dataDir: string, options: ChatBenchOptions): Promise<Seeded> {
  const database = await openDatabase({ dataDir })
  try {
    await database.migrate()
    const db = database.db
    const brandKey = newKey()
    await db.insert(brands).values({ key: brandKey, name: 'Bench Brand' })
    const people = Array.from({ length: options.sockets }, (_, i) => ({ key: newKey(), i }))
    const chunks = <T>(rows: T[], size = 500) =>
      Array.from({ length: Math.ceil(rows.length / size) }, (_, c) => rows.slice(c * size, (c + 1) * size))
    for (const chunk of chunks(people)) {
      await db.insert(accounts).values(
        chunk.map(({ key, i }) => ({
          key,
          firebaseUid: `bench-${i}`,
          email: `bench${i}@bench.test`,
          name: `Bench Person ${i}`,
          first: 'Bench',
          last: `Person ${i}`,
          status: 'onboarded',
        })),
      )
      await db.insert(grants).values(
        chunk.map(({ key }) => ({
          key: newKey(),
          accountKey: key,
          brandKey,
          model: 'Brand',
          modelId: brandKey,
          type: 'editor',
        })),
      )
    }
    const groupCount = Math.ceil(options.sockets / options.groupSize)
    const groupKeys = Array.from({ length: groupCount }, () => newKey())
    await db.insert(conversations).values(
      groupKeys.map((key, g) => ({
        key,
        brandKey,
        kind: 'group' as const,
        name: `Bench group ${g}`,
        createdBy: people[g * options.groupSize]!.key,
      })),
    )
    const groupOf = (i: number) => groupKeys[Math.floor(i / options.groupSize)]!
    for (const chunk of chunks(people)) {
      await db
        .insert(conversationMembers)
        .values(chunk.map(({ key, i }) => ({ conversationKey: groupOf(i), accountKey: key, brandKey })))
    }
    // The long conversation: the first group's members in a chat of its own, never written to
    // during the load, so its figure is about reading a deep history only.
    const historyKey = newKey()
    const historyMembers = people.slice(0, Math.min(options.groupSize, people.length))
    await db
      .insert(conversations)
      .values({ key: historyKey, brandKey, kind: 'group', name: 'Bench history', createdBy: people[0]!.key })
    await db
      .insert(conversationMembers)
      .values(historyMembers.map(({ key }) => ({ conversationKey: historyKey, accountKey: key, brandKey })))
    const senders = sql.join(
      historyMembers.map(({ key }) => sql`${key}`),
      sql`, `,
    )
    await db.execute(sql`
      insert into messages (key, conversation_key, brand_key, sender_key, text, created)
      select 'history-' || n, ${historyKey}, ${brandKey}, (array[${senders}]::text[])[1 + n % ${historyMembers.length}],
             'History message number ' || n, now() - (${options.historyMessages} - n) * interval '1 second'
      from generate_series(1, ${options.historyMessages}) as n`)

    // Sessions as the login page starts them (tests/support/portal.ts sessionCookieFor does the same).
    const deps = { db } as ServiceDeps
    const members: Member[] = []
    for (const { key, i } of people) {
      const session = await startSession(deps, { accountKey: key, firebaseUid: `bench-${i}`, remember: false })
      members.push({ key, cookie: `__session=${session.id}`, conversation: groupOf(i) })
    }
    await vacuumAnalyze(database)
    return {
      members,
      history: { conversation: historyKey, readerKey: people[0]!.key, readerCookie: members[0]!.cookie },
    }
  } finally {
    await database.close()
  }
}

/** How the load generator talks to one server: the portal's chat events or the echo server's. */
interface Target {
  url: string
  headers(member: Member): Record<string, string>
  /** After connecting: follow the member's conversation. */
  join(socket: Socket, member: Member): Promise<void>
  sendEvent: string
  payload(member: Member, clientKey: string): unknown
  receiveEvent: string
}

export interface LoadFigures {
  sent: number
  acked: number
  refused: number
  expectedDeliveries: number
  received: number
  lost: number
  duplicates: number
  deliveriesPerSecond: number
  p50Ms: number
  p95Ms: number
  p99Ms: number
  maxMs: number
  /** The load generator's own event-loop delay p99: a floor under every latency it measures. */
  generatorLoopDelayP99Ms: number
  /** Seconds of the measured run whose slowest delivery took over 50 ms (one-off stalls show here). */
  secondsOver50Ms: number
  /** The slowest delivery of each second, in ms. */
  worstBySecondMs: number[]
  /** The first few refusals, as answered. */
  refusals: string[]
  clientKeys: string[]
}

function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
}

/** The idempotency key of the t-th message sent (client keys are at least 8 characters). */
const clientKeyOf = (prefix: string, t: number) => `${prefix}-${String(t).padStart(8, '0')}`

const ack = <T>(socket: Socket, event: string, payload: unknown, timeoutMs = 30_000) =>
  socket.timeout(timeoutMs).emitWithAck(event, payload) as Promise<T>

async function runLoad(
  target: Target,
  members: Member[],
  options: ChatBenchOptions,
  prefix: string,
): Promise<LoadFigures> {
  const n = members.length
  const sockets: Socket[] = new Array<Socket>(n)
  const groupSizes = new Map<string, number>()
  for (const member of members) groupSizes.set(member.conversation, (groupSizes.get(member.conversation) ?? 0) + 1)

  // Connect and join, 100 at a time.
  for (let from = 0; from < n; from += 100) {
    await Promise.all(
      members.slice(from, from + 100).map(async (member, offset) => {
        const socket = connectSocket(target.url, {
          transports: ['websocket'],
          extraHeaders: target.headers(member),
          reconnection: false,
          forceNew: true,
        })
        sockets[from + offset] = socket
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve())
          socket.once('connect_error', reject)
        })
        await target.join(socket, member)
      }),
    )
  }

  const totalSends = Math.round(n * (options.warmupSeconds + options.seconds))
  const sentAt = new Float64Array(totalSends)
  const receivedCount = new Uint8Array(totalSends)
  const latencies: number[] = []
  /** The slowest delivery of the messages sent in each second of the measured run. */
  const worstBySecond: number[] = []
  let received = 0
  let measuredReceipts = 0
  let acked = 0
  let refused = 0
  const refusals: string[] = []
  const intervalMs = 1000 / n
  const start = performance.now() + 100
  const measureFrom = start + options.warmupSeconds * 1000
  const measureTo = measureFrom + options.seconds * 1000
  const loopDelay = monitorEventLoopDelay({ resolution: 5 })
  let measuring = false

  sockets.forEach((socket, j) => {
    socket.on(target.receiveEvent, (message: { client_key?: string | null }) => {
      const now = performance.now()
      const t = Number(message.client_key?.slice(prefix.length + 1))
      if (!Number.isInteger(t) || t < 0 || t >= totalSends || t % n === j) return
      receivedCount[t]!++
      received++
      if (now >= measureFrom && now < measureTo) measuredReceipts++
      if (sentAt[t]! >= measureFrom) {
        latencies.push(now - sentAt[t]!)
        const second = Math.floor((sentAt[t]! - measureFrom) / 1000)
        worstBySecond[second] = Math.max(worstBySecond[second] ?? 0, now - sentAt[t]!)
      }
    })
  })

  let next = 0
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now()
      if (now >= measureFrom && !measuring) {
        measuring = true
        loopDelay.enable()
      }
      while (next < totalSends && start + next * intervalMs <= now) {
        const t = next++
        const member = members[t % n]!
        sentAt[t] = performance.now()
        sockets[t % n]!.timeout(30_000).emit(
          target.sendEvent,
          target.payload(member, clientKeyOf(prefix, t)),
          (error: Error | null, answer?: { ok: boolean }) => {
            if (!error && answer?.ok) acked++
            else {
              refused++
              if (refusals.length < 5) refusals.push(error ? error.message : JSON.stringify(answer))
            }
          },
        )
      }
      if (next < totalSends) setTimeout(tick, 1)
      else resolve()
    }
    setTimeout(tick, Math.max(0, start - performance.now()))
  })
  loopDelay.disable()

  let expectedDeliveries = 0
  for (let t = 0; t < totalSends; t++) expectedDeliveries += groupSizes.get(members[t % n]!.conversation)! - 1
  // Drain: until everything arrived, or nothing more came for 10 s.
  let lastReceived = -1
  let quietSince = performance.now()
  while (received < expectedDeliveries || acked + refused < totalSends) {
    if (received !== lastReceived) {
      lastReceived = received
      quietSince = performance.now()
    } else if (performance.now() - quietSince > 10_000) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  for (const socket of sockets) socket.disconnect()

  let lost = 0
  let duplicates = 0
  for (let t = 0; t < totalSends; t++) {
    const expected = groupSizes.get(members[t % n]!.conversation)! - 1
    const got = receivedCount[t]!
    if (got < expected) lost += expected - got
    if (got > expected) duplicates += got - expected
  }
  const sorted = Float64Array.from(latencies).sort()
  const ms = (value: number) => +value.toFixed(2)
  return {
    sent: totalSends,
    acked,
    refused,
    expectedDeliveries,
    received,
    lost,
    duplicates,
    deliveriesPerSecond: Math.round(measuredReceipts / options.seconds),
    p50Ms: ms(percentile(sorted, 0.5)),
    p95Ms: ms(percentile(sorted, 0.95)),
    p99Ms: ms(percentile(sorted, 0.99)),
    maxMs: ms(sorted[sorted.length - 1] ?? NaN),
    generatorLoopDelayP99Ms: ms(loopDelay.percentile(99) / 1e6),
    secondsOver50Ms: worstBySecond.filter((worst) => worst > 50).length,
    worstBySecondMs: Array.from(worstBySecond, (worst) => Math.round(worst ?? 0)),
    refusals,
    clientKeys: Array.from({ length: totalSends }, (_, t) => clientKeyOf(prefix, t)),
  }
}

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
