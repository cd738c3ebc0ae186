// Form parsing shared by browser and server: Conform's submission format, validated with a
// zod/mini schema. It does what @conform-to/zod's parseWithZod does for our string forms (empty
// fields count as missing) without pulling the full zod API into the browser bundle.
import { parse, formatPaths } from '@conform-to/dom'
import * as z from 'zod/mini'

function emptyToUndefined(value: unknown): unknown {
  if (value === '') return undefined
  if (Array.isArray(value)) return value.map(emptyToUndefined)
  if (value && typeof value === 'object' && !(value instanceof File)) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, emptyToUndefined(entry)]))
  }
  return value
}

export function parseForm<Schema extends z.ZodMiniType>(payload: FormData | URLSearchParams, schema: Schema) {
  return parse(payload, {
    resolve(value) {
      const result = z.safeParse(schema, emptyToUndefined(value))
      if (result.success) return { value: result.data as z.output<Schema> }
      const error = Object.create(null) as Record<string, string[]>
      for (const issue of result.error.issues) {
        const name = formatPaths(issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part)))
        ;(error[name] ??= []).push(issue.message)
      }
      return { error }
    },
  })
}
