// The chat benchmark's load (bench/chat.ts): its goals and options, the seeded brand of members and
// group chats, and the run of sockets sending a message a second each while every delivery is timed.
import { startSession } from '#app/features/identity/sessions.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { newKey } from '#app/platform/ids'
import { openDatabase } from '#db/client'
import { accounts, brands, conversationMembers, conversations, grants } from '#db/schema'
import { sql } from 'drizzle-orm'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { io as connectSocket, type Socket } from 'socket.io-client'
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
export async function seed(dataDir: string, options: ChatBenchOptions): Promise<Seeded> {
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

export function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
}

/** The idempotency key of the t-th message sent (client keys are at least 8 characters). */
const clientKeyOf = (prefix: string, t: number) => `${prefix}-${String(t).padStart(8, '0')}`

export const ack = <T>(socket: Socket, event: string, payload: unknown, timeoutMs = 30_000) =>
  socket.timeout(timeoutMs).emitWithAck(event, payload) as Promise<T>

export async function runLoad(
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
