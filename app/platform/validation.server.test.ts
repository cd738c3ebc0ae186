import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { AppError } from '#app/platform/errors'
import { parseOrThrow } from '#app/platform/validation.server'

describe('parseOrThrow', () => {
  const Schema = z.strictObject({ name: z.string() })

  it.each(['constructor', 'toString', 'hasOwnProperty'])(
    'reports an unknown key named like an Object method (%s) as a ValidationError',
    (key) => {
      const input = JSON.parse(`{"name":"x","${key}":{}}`) as unknown
      expect(() => parseOrThrow(Schema, input)).toThrow(AppError)
      expect(() => parseOrThrow(Schema, input)).toThrow(`${key}: Unrecognized key: "${key}"`)
    },
  )
})
