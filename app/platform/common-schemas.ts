// Building blocks of every form schema. Kept apart from the brand forms so that a page that only
// needs these (the login page) does not ship the country list with them.
import * as z from 'zod/mini'
import { nameRefusal } from '#app/platform/name-rule'

export const REQUIRED = 'This field is required.'
/** Letters, digits, hyphen, underscore and space: the spec's "alphanumeric" pattern for names. */
export const ALPHANUMERIC = /^[A-Za-z0-9_\- ]+$/
/** "Must look like name@host" (access.md §5). */
export const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/

/**
 * A product name: style, line, collection or material (docs/decisions/175). A refused one gets the
 * field's message with what was refused after it ("… Emoji are not allowed.").
 */
export const productName = (message: string) =>
  z.check<string>((ctx) => {
    const refusal = nameRefusal(ctx.value)
    if (refusal) ctx.issues.push({ code: 'custom', message: `${message} ${refusal}`, input: ctx.value })
  })

/** A required text field: trimmed, and only "required" when empty (no pattern message on top). */
export const requiredText = (message = REQUIRED) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message, abort: true }))

/**
 * Longest accepted value of each kind of text field (docs/decisions/032-text-length-limits.md).
 * Every text a form or the JSON API takes names one of these, so no field stores unbounded text.
 */
export const LIMITS = {
  /** Names of people, brands, teams; titles, cities, departments. */
  name: 100,
  /** One line of an address. */
  line: 200,
  /** Free text: descriptions, notes. */
  description: 2000,
  url: 2048,
  /** RFC 5321's limit for a forward path. */
  email: 254,
  phone: 32,
  /** Number-like identifiers (employee number, zip, year). */
  number: 32,
  /** Our record keys and ids of other systems' records (Firebase factor ids). */
  key: 128,
  /** Tokens and one-time codes of links (invite tokens, Firebase oob codes). */
  token: 1024,
  /** A password being checked at sign-in; new passwords follow the stricter password rule. */
  password: 4096,
} as const

export const tooLongMessage = (field: string, max: number) => `${field} must be at most ${max} characters.`

/**
 * The length check of a text field, with its message. It aborts, so a pattern is never run on
 * an over-long value; put it before the pattern.
 */
export const maxText = (field: string, max: number) =>
  z.maxLength(max, { error: tooLongMessage(field, max), abort: true })

/** An optional trimmed text of at most `max` characters. */
export const optionalText = (field: string, max: number) => z.optional(z.string().check(z.trim(), maxText(field, max)))
