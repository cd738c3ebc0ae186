// Named prepared statements for the embedded database. PGlite's `query` parses, describes and
// plans every statement each time it runs; in its WebAssembly Postgres that is a large part of a
// short read (a page's statements are planned again on every request). This keeps each statement
// text the portal sends prepared once in the session, as node-postgres does with named queries,
// so Postgres may settle on a generic plan after its first few runs (plan_cache_mode auto) and
// each run is bind, describe, execute (docs/decisions/131).
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite'

/** More distinct statements than this and the oldest is forgotten (and deallocated). */
const MAX_STATEMENTS = 500

/** Statement texts longer than this (bulk inserts with their values) are not worth keeping. */
const MAX_TEXT_LENGTH = 20_000

/**
 * Statements that match text patterns are planned for each pattern, as before: a generic plan
 * cannot tell a word found in ten listings from one found in twenty thousand, and chose a plan
 * that made two-word product searches three times slower.
 */
const PLANNED_EACH_RUN = /\b(i?like|similar\s+to)\b/i

interface Prepared {
  name: string
  /** The parameters' type oids, to serialize values as PGlite's `query` does. */
  types: number[]
}

/** The members of PGlite used here that its typings keep protected. */
interface PGliteInternals {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>
  serializers: Record<number, (value: unknown) => string>
  parsers: Record<number, (value: string, typeId?: number) => unknown>
}

const RUN = { syncToFs: false } as const

/** "cached plan must not change result type", and an unknown prepared statement. */
const PLAN_CHANGED = '0A000'
const NO_SUCH_STATEMENT = '26000'

/**
 * Makes `client.query` use named prepared statements for statements run outside a transaction
 * (transactions keep PGlite's own path). Answers are parsed exactly as `query` parses them.
 */
export function preparedStatements(client: PGlite): void {
  const internals = client as unknown as PGliteInternals
  const unprepared = client.query.bind(client)
  const statements = new Map<string, Prepared>()
  let counter = 0

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Prepared> {
    const name = `portal_${++counter}`
    await client.execProtocolStream(protocol.serialize.parse({ name, text, types: options?.paramTypes }), RUN)
    const described = await client.execProtocolStream(protocol.serialize.describe({ type: 'S', name }), RUN)
    const prepared = { name, types: parse.parseDescribeStatementResults(described) }
    statements.set(text, prepared)
    if (statements.size > MAX_STATEMENTS) {
      const [oldestText, oldest] = statements.entries().next().value!
      statements.delete(oldestText)
      await client.execProtocolStream(protocol.serialize.close({ type: 'S', name: oldest.name }), RUN)
    }
    return prepared
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const messages = []
    let prepared = statements.get(text)
    try {
      prepared ??= await prepare(text, options)
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null
        const type = prepared!.types[index]!
        const serialize = options?.serializers?.[type] ?? internals.serializers[type]
        return serialize ? serialize(value) : String(value)
      })
      messages.push(
        ...(await client.execProtocolStream(protocol.serialize.bind({ statement: prepared.name, values }), RUN)),
        ...(await client.execProtocolStream(protocol.serialize.describe({ type: 'P' }), RUN)),
        ...(await client.execProtocolStream(protocol.serialize.execute({}), RUN)),
      )
    } catch (error) {
      // A schema change can invalidate a kept statement: it is prepared afresh next time.
      const code = (error as { code?: string }).code
      if (prepared && (code === PLAN_CHANGED || code === NO_SUCH_STATEMENT)) statements.delete(text)
      throw error
    } finally {
      messages.push(...(await client.execProtocolStream(protocol.serialize.sync(), RUN)))
    }
    await client.syncToFs()
    return parse.parseResults(messages, internals.parsers, options)[0] as Results<T>
  }

  client.query = (<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (options?.blob || text.length > MAX_TEXT_LENGTH || PLANNED_EACH_RUN.test(text)) {
      return unprepared<T>(text, params, options)
    }
    return internals._runExclusiveTransaction(() =>
      internals._runExclusiveQuery(async () => {
        try {
          return await run<T>(text, params, options)
        } catch (error) {
          // Planned before a table it reads changed shape: nothing ran; prepared again, it runs.
          if ((error as { code?: string }).code !== PLAN_CHANGED) throw error
          return await run<T>(text, params, options)
        }
      }),
    )
  }) as PGlite['query']
}
