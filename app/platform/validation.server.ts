// Turns a zod failure into a ValidationError whose message names the field, for the JSON API.
import * as z from 'zod/mini'
import { AppError } from '#app/platform/errors'

export function parseOrThrow<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input ?? {})
  if (result.success) return result.data
  // Keyed by what the client sent, so no prototype behind it: a field named `constructor` must not
  // find Object.prototype.constructor.
  const fields = Object.create(null) as Record<string, string[]>
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) (fields[key] ??= []).push(`Unrecognized key: "${key}"`)
      continue
    }
    const path = issue.path.join('.') || 'body'
    ;(fields[path] ??= []).push(issue.message)
  }
  const [firstField, messages] = Object.entries(fields)[0]!
  throw new AppError('ValidationError', `${firstField}: ${messages![0]}`, fields)
}
