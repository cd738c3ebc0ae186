// The splitter of a PGlite dump: statements come out whole whatever their values hold and
// wherever the pieces of the file end.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitStatements } from './pglite-upgrade'

async function split(pieces: string[]): Promise<string[]> {
  const out: string[] = []
  for await (const statement of splitStatements(pieces)) out.push(statement)
  return out
}

/** `text` cut at the given offsets. */
function cut(text: string, offsets: number[]): string[] {
  const points = [...new Set(offsets.map((offset) => offset % (text.length + 1)))].sort((a, b) => a - b)
  const pieces: string[] = []
  let from = 0
  for (const point of points) {
    pieces.push(text.slice(from, point))
    from = point
  }
  pieces.push(text.slice(from))
  return pieces
}

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`

describe('splitStatements', () => {
  it('splits what pg_dump writes, dropping the comments between statements', async () => {
    const dump = [
      '--',
      '-- PostgreSQL database dump',
      '--',
      '',
      "SELECT pg_catalog.set_config('search_path', '', false);",
      '',
      '-- Name: t; Type: TABLE',
      'CREATE TABLE public.t (',
      '    id integer NOT NULL,',
      '    s text',
      ');',
      "INSERT INTO public.t VALUES (1, 'a; b -- not a comment', 'it''s', '$x$');",
      "INSERT INTO public.t VALUES (2, 'line one",
      "line two;');",
      'CREATE FUNCTION public.f() RETURNS trigger',
      '    LANGUAGE plpgsql',
      "    AS $$ begin perform 1; raise notice 'x;y'; return new; end $$;",
      'CREATE TABLE public."odd;name" (x int);',
      '',
    ].join('\n')
    expect(await split([dump])).toEqual([
      "SELECT pg_catalog.set_config('search_path', '', false);",
      'CREATE TABLE public.t (\n    id integer NOT NULL,\n    s text\n);',
      "INSERT INTO public.t VALUES (1, 'a; b -- not a comment', 'it''s', '$x$');",
      "INSERT INTO public.t VALUES (2, 'line one\nline two;');",
      "CREATE FUNCTION public.f() RETURNS trigger\n    LANGUAGE plpgsql\n    AS $$ begin perform 1; raise notice 'x;y'; return new; end $$;",
      'CREATE TABLE public."odd;name" (x int);',
    ])
  })

  it('gives the same statements however the file is cut into pieces', async () => {
    const value = fc.string({ unit: fc.constantFrom('a', ';', "'", '"', '$', '-', '\n', ' ', 'é', '東', '\\') })
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(value, fc.boolean()), { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(400), { maxLength: 12 }),
        async (rows, offsets) => {
          const statements = rows.map(([text, dollar], index) =>
            dollar
              ? `CREATE FUNCTION f${index}() RETURNS text LANGUAGE sql AS $_$select ${quote(text)}$_$;`
              : `INSERT INTO public.t VALUES (${index}, ${quote(text)});`,
          )
          const dump = statements.map((statement) => `--\n-- Data\n--\n${statement}\n`).join('\n')
          expect(await split(cut(dump, offsets))).toEqual(statements)
          // One character a piece: every boundary falls everywhere once.
          expect(await split([...dump])).toEqual(statements)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('refuses a dump that ends inside a quoted value', async () => {
    await expect(split(["INSERT INTO t VALUES ('never closed);\n"])).rejects.toThrow('ends inside a quoted value')
    await expect(split(['CREATE FUNCTION f() AS $$ begin'])).rejects.toThrow('ends inside a quoted value')
  })
})
