// Random input at every entry point: every JSON API route from the router's own list and every
// client event of every realtime unit get hostile strings (control characters, NUL, lone
// surrogates, bidi marks, 1 MB) in their keys, bodies, queries and payloads, as a brand owner
// would send them. Whatever arrives, the answer is never a server error and the process keeps
// serving. A route or event added later is walked too. The runs draw from a fixed seed, so the
// suite is the same on every machine; FUZZ_SEED=<n> draws other inputs (a failure prints its seed).
import fc from 'fast-check'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '#app/api/endpoints/index.server'
import { startSession } from '#app/features/identity/sessions.server'
import * as schema from '#db/schema'
import { ATELIER_EVENTS, CHAT_EVENTS, EVENTS } from '#app/platform/protocol'
import { UNITS } from '#realtime/units'
import { startTestPortal, type TestPortal, within } from '#tests/support/portal'
import { openSocket as openSocketTo } from '#tests/support/sockets'
import { demoKey } from '#app/platform/ids'
import { SAMPLES, demoTargets, routeId, type Targets } from '#tests/support/route-samples'

const SEED = Number(process.env.FUZZ_SEED ?? 20261127)
let portal: TestPortal

/** Keys of the demo's records by the field that names them, so random input reaches past the lookups. */
const keysByField = new Map<string, string[]>()
/** Demo Brand's records that the route samples' probes name; the demo's owner may call them all. */
let demo: Targets
const anyKeys: string[] = []

beforeAll(async () => {
  portal = await startTestPortal()
  const { db } = portal.deps
  demo = await demoTargets(portal.deps)
  const tables = [
    ['brand', schema.brands], ['line', schema.lines], ['collection', schema.collections], ['style', schema.styles],
    ['listing', schema.listings], ['team', schema.teams], ['account', schema.accounts],
    ['conversation', schema.conversations], ['message', schema.messages], ['reference', schema.references],
    ['material', schema.materials], ['media', schema.media], ['invite', schema.invites], ['file', schema.files],
    ['bucket', schema.buckets], ['import', schema.imports],
  ] as [string, unknown][] // prettier-ignore
  for (const [field, anyTable] of tables) {
    // Every one of these tables has a text key; one table's type stands for all of them.
    const table = anyTable as typeof schema.brands
    const keys = (await db.select({ key: table.key }).from(table).limit(4)).map((row) => row.key)
    keysByField.set(field, keys)
    anyKeys.push(...keys)
  }
})
afterAll(async () => {
  await portal?.destroy()
})

/**
 * A fresh sign-in of the demo's owner, made directly: a random call may have changed the
 * password or ended the earlier sign-ins, and each route still deserves a signed-in caller.
 */
async function ownerCookie(): Promise<string> {
  const [owner] = await portal.deps.db
    .select()
    .from(schema.accounts)
    .where(eq(schema.accounts.email, 'admin@demo.test'))
  const session = await startSession(portal.deps, {
    accountKey: owner!.key,
    firebaseUid: owner!.firebaseUid,
    remember: false,
  })
  return `__session=${session.id}`
}

const ODD_UNITS = ['\u0000', '\u0001', '\u0008', '\u001b', '\u007f', '\u0085', '\ud800', '\udfff', '\u202e', '\ufeff']
/** Strings as an attacker or a broken client sends them. */
const hostileText = fc.oneof(
  // Any UTF-16 code unit, lone surrogates included.
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...ODD_UNITS, 'a', ' ', '%', '/', '.', '\\'), maxLength: 24 }),
  fc.constantFrom('', ' ', '..', '../../etc/passwd', '__proto__', 'constructor', '%00', '%E0%A4%A', '1e309'),
)
/** A URL carries UTF-8 only: a lone surrogate becomes U+FFFD, as a browser would send it. */
const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
const ONE_MEGABYTE = 'x'.repeat(1024 * 1024)
const FIELDS = [
  'name', 'brand', 'key', 'keys', 'text', 'title', 'email', 'search', 'line', 'collection', 'style', 'listing',
  'conversation', 'message', 'model', 'model_id', 'folder', 'path', 'role', 'type', 'account', 'team', 'cursor',
  'limit', 'season', 'year', 'description', 'password', 'token', 'positions', 'seq', 'client_key', 'members',
] // prettier-ignore
/** A real key for a field (of its own table when it names one), picked when drawn, after they are loaded. */
const realKeyFor = (field: string) =>
  fc.nat().map((i) => {
    const keys = keysByField.get(field) ?? anyKeys
    return keys[i % keys.length] ?? 'none'
  })
const realKey = realKeyFor('key')
/** A plausible text with one odd character in it, as a paste from elsewhere brings. */
const taintedText = fc
  .tuple(
    fc.constantFrom('Linen', 'Wool coat', 'Resort 27', ''),
    fc.constantFrom(...ODD_UNITS),
    fc.constantFrom('', ' shirt'),
  )
  .map((parts) => parts.join(''))
const plainText = fc.constantFrom('Linen shirt', 'Resort 27', 'ana@demo.test', '12', 'spring_summer', 'editor', 'a b')
const KEY_FIELDS = [
  'brand', 'key', 'line', 'collection', 'style', 'listing', 'conversation', 'message', 'model_id', 'account',
  'team', 'folder', 'id', 'reference', 'material', 'media', 'invite', 'file', 'bucket', 'import',
] // prettier-ignore
const fieldName = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELDS) }, { weight: 1, arbitrary: hostileText })
const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: hostileText },
    { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fieldName, tie('value'), { maxKeys: 3 }) },
  ),
})).value
/** What a field holds in a plausible call: a record key mostly real, a text mostly plain. */
const fieldValue = (field: string): fc.Arbitrary<unknown> =>
  KEY_FIELDS.includes(field)
    ? fc.oneof({ weight: 4, arbitrary: realKeyFor(field) }, { weight: 1, arbitrary: value })
    : fc.oneof(
        { weight: 4, arbitrary: plainText },
        { weight: 1, arbitrary: taintedText },
        { weight: 1, arbitrary: value },
      )
/** A few of the usual fields, so a call is often whole enough to reach its handler. */
const plausibleBody = fc
  .subarray([...new Set([...FIELDS, ...KEY_FIELDS])], { maxLength: 5 })
  .chain((fields) => fc.record(Object.fromEntries(fields.map((field) => [field, fieldValue(field)]))))
const body = fc.oneof(
  { weight: 6, arbitrary: plausibleBody },
  { weight: 2, arbitrary: fc.dictionary(fieldName, value, { maxKeys: 6 }) },
  { weight: 1, arbitrary: value },
  { weight: 1, arbitrary: fc.record({ name: fc.constant(ONE_MEGABYTE) }) },
)
/** A path segment, encoded as a client would, or left raw (a malformed escape reaches the router as it is). */
const pathSegment = fc.oneof(
  { weight: 2, arbitrary: realKey },
  hostileText.filter((text) => text !== '').map((text) => encodeURIComponent(wellFormed(text))),
  fc.constantFrom('%', '%E0%A4%A', '%00', '%2e%2e', '..', 'x'.repeat(5000)),
)
const query = fc
  .subarray(FIELDS, { maxLength: 3 })
  .chain((fields) =>
    fc.record(
      Object.fromEntries(
        fields.map((field) => [
          field,
          fc.oneof(
            { weight: 3, arbitrary: KEY_FIELDS.includes(field) ? realKeyFor(field) : plainText },
            { weight: 1, arbitrary: taintedText },
            { weight: 1, arbitrary: hostileText },
          ),
        ]),
      ),
    ),
  )

/** A change to a valid call: one value, one query parameter or the record's key made hostile. */
type Mutation =
  | { kind: 'body value'; pick: number; text: string }
  | { kind: 'query value'; pick: number; text: string }
  | { kind: 'key'; segment: string }
  | { kind: 'extra field'; name: string; value: unknown }
  | { kind: 'whole body'; value: unknown }
const hostileOrTainted = fc.oneof(taintedText, hostileText)
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('body value' as const), pick: fc.nat(), text: hostileOrTainted }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('query value' as const), pick: fc.nat(), text: hostileOrTainted }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('key' as const), segment: pathSegment }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('extra field' as const), name: fieldName, value }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('whole body' as const), value: body }) },
)

/** Paths to the texts and numbers of a JSON value, to pick one to change. */
function leavesOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string' || typeof value === 'number') return [path]
  if (Array.isArray(value)) return value.flatMap((item, i) => leavesOf(item, [...path, i]))
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([name, item]) => leavesOf(item, [...path, name]))
  }
  return []
}

function withLeaf(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf
  const [head, ...tail] = path
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>
  copy[head!] = withLeaf(copy[head!], tail, leaf)
  return copy
}

/** A sample's valid call with one mutation: its path (and query) and its body. */
function mutated(path: string, payload: unknown, change: Mutation): { path: string; payload: unknown } {
  const [pathname, search = ''] = path.split('?') as [string, string?]
  const params = new URLSearchParams(search)
  switch (change.kind) {
    case 'body value': {
      const leaves = leavesOf(payload)
      if (leaves.length === 0) return { path, payload: { name: change.text } }
      return { path, payload: withLeaf(payload, leaves[change.pick % leaves.length]!, change.text) }
    }
    case 'query value': {
      const names = [...params.keys()]
      params.set(names.length > 0 ? names[change.pick % names.length]! : 'search', wellFormed(change.text))
      return { path: `${pathname}?${params}`, payload }
    }
    case 'key': {
      const segments = pathname.split('/')
      segments[segments.length - 1] = change.segment
      return { path: `${segments.join('/')}${search ? `?${search}` : ''}`, payload }
    }
    case 'extra field':
      return { path, payload: { ...(payload as object), [change.name]: change.value } }
    case 'whole body':
      return { path, payload: change.value }
  }
}

describe('every JSON API route, from a valid call of its sample', () => {
  // Calls that take the caller's own access away would leave the routes after them nothing to
  // reach; they get the random walk below.
  const selfLocking = ['POST brand/method/remove_permissions', 'DELETE brand/model/:key']
  const probed = endpoints.filter(
    (endpoint) => SAMPLES[routeId(endpoint)]?.probe && !selfLocking.includes(routeId(endpoint)),
  )

  it.each(probed.map((endpoint) => [routeId(endpoint), endpoint] as const))(
    '%s never answers a server error',
    async (id, endpoint) => {
      const cookie = await ownerCookie()
      const probe = SAMPLES[id]!.probe!(demo)
      await fc.assert(
        fc.asyncProperty(mutation, async (change) => {
          const { path, payload } = mutated(probe.path, probe.body ?? {}, change)
          const response = await fetch(`${portal.url}/api/${path}`, {
            method: endpoint.verb,
            headers: { cookie, 'content-type': 'application/json' },
            body: endpoint.verb === 'GET' ? undefined : JSON.stringify(payload),
          })
          const text = await response.text()
          expect(
            response.status,
            `${endpoint.verb} /api/${path} ${JSON.stringify(payload)?.slice(0, 200)}: ${text.slice(0, 300)}`,
          ).toBeLessThan(500)
        }),
        { numRuns: 16, seed: SEED },
      )
    },
  )
})

describe('every JSON API route, with random input', () => {
  it.each(endpoints.map((endpoint) => [`${endpoint.verb} /api/${endpoint.path}`, endpoint] as const))(
    '%s never answers a server error',
    async (_name, endpoint) => {
      const cookie = await ownerCookie()
      await fc.assert(
        fc.asyncProperty(pathSegment, body, query, async (key, payload, search) => {
          const path = endpoint.path.replace(':key', key)
          const params = new URLSearchParams(
            Object.entries(search).map(([name, text]) => [name, wellFormed(text ?? '')] as [string, string]),
          )
          const response = await fetch(`${portal.url}/api/${path}?${params}`, {
            method: endpoint.verb,
            headers: { cookie, 'content-type': 'application/json' },
            body: endpoint.verb === 'GET' ? undefined : JSON.stringify(payload),
          })
          const text = await response.text()
          if (process.env.FUZZ_DEBUG)
            console.log('FUZZ', endpoint.verb, endpoint.path, response.status, text.slice(0, 120))
          expect(response.status, `${endpoint.verb} /api/${path}: ${text.slice(0, 300)}`).toBeLessThan(500)
        }),
        { numRuns: 16, seed: SEED },
      )
      expect((await fetch(`${portal.url}/healthz`)).status).toBe(200)
    },
  )
})

const openSocket = (cookie: string) => openSocketTo(portal.port, cookie)

/** A valid payload of each client event, as the demo's owner sends it; a new event needs one here. */
const SOCKET_SAMPLES: Record<string, (t: Targets) => Record<string, unknown>> = {
  [EVENTS.brandJoin]: (t) => ({ brand: t.brand }),
  [EVENTS.brandLeave]: (t) => ({ brand: t.brand }),
  [CHAT_EVENTS.send]: (t) => ({ conversation: t.conversation, text: 'Looks good', client_key: 'fuzz-1' }),
  [CHAT_EVENTS.delete]: (t) => ({ key: t.message }),
  [CHAT_EVENTS.markRead]: (t) => ({ conversation: t.conversation }),
  [CHAT_EVENTS.watch]: (t) => ({ model: 'Style', model_id: t.style }),
  [CHAT_EVENTS.unwatch]: (t) => ({ conversation: t.conversation }),
  [CHAT_EVENTS.typing]: (t) => ({ conversation: t.conversation }),
  [CHAT_EVENTS.presenceJoin]: (t) => ({ brand: t.brand }),
  [CHAT_EVENTS.presenceActivity]: () => ({ state: 'idle' }),
  [ATELIER_EVENTS.watch]: (t) => ({ styles: [t.style] }),
  [ATELIER_EVENTS.unwatch]: (t) => ({ styles: [t.style] }),
  [ATELIER_EVENTS.review]: () => ({
    sample: demoKey('sample-ref:render-front'),
    intent: 'status',
    status: 'In Progress',
  }),
}

describe('every client event of every realtime unit', () => {
  const events = UNITS.flatMap((unit) => Object.keys(unit.events ?? {}))

  it('has a valid sample of every event', () => {
    expect(Object.keys(SOCKET_SAMPLES).sort()).toEqual([...events].sort())
  })

  it.each(events)('%s never answers a server error and keeps the connection', async (event) => {
    const socket = await openSocket(await ownerCookie())
    const sample = SOCKET_SAMPLES[event]!(demo)
    // Under the transport's own limit (1 MB, below): within it, every payload reaches the handler.
    const payloads = fc
      .oneof(
        { weight: 3, arbitrary: mutation.map((change) => mutated('', sample, change).payload) },
        { weight: 1, arbitrary: fc.oneof(plausibleBody, value) },
      )
      .filter((payload) => (JSON.stringify(payload)?.length ?? 0) < 100_000)
    // 20 payloads fit the per-connection burst, so each reaches its handler (chat:send has a
    // limit per sender of its own, which may answer RateLimited: a refusal like any other).
    await fc.assert(
      fc.asyncProperty(payloads, async (payload) => {
        const answer = await socket.timeout(5000).emitWithAck(event, payload)
        expect(answer, `${event} ${JSON.stringify(payload)?.slice(0, 200)}`).not.toMatchObject({
          error: 'UnexpectedError',
        })
      }),
      { numRuns: 20, seed: SEED },
    )
    expect(socket.connected).toBe(true)
    expect((await fetch(`${portal.url}/healthz`)).status).toBe(200)
  })

  it('a payload over the transport limit (1 MB) closes that connection only; the server keeps serving', async () => {
    const [flooding, bystander] = [await openSocket(await ownerCookie()), await openSocket(await ownerCookie())]
    const closed = new Promise<string>((resolve) => flooding.once('disconnect', resolve))
    flooding.emit(CHAT_EVENTS.typing, { conversation: ONE_MEGABYTE })
    expect(await within(closed, 10_000, 'the flooding socket to be cut')).toBe('transport close')
    expect(await bystander.emitWithAck(EVENTS.brandJoin, { brand: demo.brand })).toEqual({ ok: true })
    expect((await fetch(`${portal.url}/healthz`)).status).toBe(200)
  })
})
