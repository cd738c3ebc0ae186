// Turns a zod failure into a ValidationError whose message names the field, for the JSON API.
import type { z } from 'zod'
import { AppError } from '#app/lib/errors'

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {})
  if (result.success) return result.data
  const fields: Record<string, string[]> = {}
  for (const issue of result.error.issues) {
    const path = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : 'body')
    ;(fields[path] ??= []).push(issue.message)
  }
  const [firstField, messages] = Object.entries(fields)[0]!
  throw new AppError('ValidationError', `${firstField}: ${messages![0]}`, fields)
}
