import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PGlite } from '@electric-sql/pglite'
import { preparedStatements } from './pglite-statements'

let prepared: PGlite
let plain: PGlite

const SETUP = `
  create table things (id int primary key, name text not null, tags text[], doc jsonb, seen timestamptz, ok boolean);
  insert into things values
    (1, 'one', '{a,b}', '{"x": [1, 2]}', '2026-11-25T10:00:00.123456Z', true),
    (2, 'two', null, null, null, false);
`

beforeAll(async () => {
  prepared = new PGlite()
  plain = new PGlite()
  for (const db of [prepared, plain]) await db.exec(SETUP)
  preparedStatements(prepared)
}, 120_000)
afterAll(async () => {
  await prepared.close()
  await plain.close()
})

async function kept(text: string): Promise<number> {
  const result = await prepared.query<{ n: number }>(
    'select count(*)::int as n from pg_prepared_statements where statement = $1',
    [text],
  )
  return result.rows[0]!.n
}

describe('named prepared statements on PGlite', () => {
  it('answer exactly what PGlite answers, for every kind of value and parameter', async () => {
    const text = 'select * from things where id = any($1::int[]) and ($2::text is null or name = $2) order by id'
    for (const params of [
      [[1, 2], null],
      [[1], 'one'],
      [[3], null],
    ]) {
      for (let run = 0; run < 7; run++) {
        expect(await prepared.query(text, params)).toEqual(await plain.query(text, params))
      }
    }
    const asArrays = { rowMode: 'array' as const }
    expect(await prepared.query('select id, doc from things order by id', [], asArrays)).toEqual(
      await plain.query('select id, doc from things order by id', [], asArrays),
    )
  })

  it('prepare a statement once however often it runs', async () => {
    const text = 'select name from things where id = $1'
    for (let run = 0; run < 12; run++) await prepared.query(text, [1])
    expect(await kept(text)).toBe(1)
  })

  it("keep a statement after the database refuses a run, and give the database's error", async () => {
    const text = 'insert into things (id, name) values ($1, $2)'
    await prepared.query(text, [3, 'three'])
    await expect(prepared.query(text, [3, 'again'])).rejects.toMatchObject({ code: '23505' })
    await prepared.query(text, [4, 'four'])
    expect(await kept(text)).toBe(1)
    expect((await prepared.query('select count(*)::int as n from things')).rows).toEqual([{ n: 4 }])
  })

  it('prepare again a statement whose table changed shape, without failing the run', async () => {
    const text = 'select * from things where id = $1'
    expect(Object.keys((await prepared.query<object>(text, [1])).rows[0]!)).not.toContain('size')
    await prepared.exec('alter table things add column size int')
    expect(Object.keys((await prepared.query<object>(text, [1])).rows[0]!)).toContain('size')
  })

  it('leave transactions on their own path, with the same answers', async () => {
    const answer = await prepared.transaction(async (tx) => {
      await tx.query('update things set name = $1 where id = $2', ['uno', 1])
      return tx.query('select name from things where id = $1', [1])
    })
    expect(answer.rows).toEqual([{ name: 'uno' }])
    expect((await prepared.query('select name from things where id = $1', [1])).rows).toEqual([{ name: 'uno' }])
  })

  it('plan a statement that matches text patterns on each run, with the same answers', async () => {
    const text = 'select id from things where name like $1 order by id'
    for (let run = 0; run < 7; run++) {
      expect(await prepared.query(text, ['tw%'])).toEqual(await plain.query(text, ['tw%']))
    }
    expect(await kept(text)).toBe(0)
  })

  it('keep at most 500 statements, closing the oldest', async () => {
    for (let i = 0; i < 520; i++) await prepared.query(`select $1::int + ${i} as n`, [1])
    const result = await prepared.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')
    expect(result.rows[0]!.n).toBeLessThanOrEqual(501)
    expect(await kept('select $1::int + 0 as n')).toBe(0)
    expect((await prepared.query('select $1::int + 519 as n', [1])).rows).toEqual([{ n: 520 }])
  })
})
