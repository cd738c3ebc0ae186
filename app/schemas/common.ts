// Building blocks of every form schema. Kept apart from the brand forms so that a page that only
// needs these (the login page) does not ship the country list with them.
import * as z from 'zod/mini'

export const REQUIRED = 'This field is required.'
/** Letters, digits, hyphen, underscore and space: the spec's "alphanumeric" pattern for names. */
export const ALPHANUMERIC = /^[A-Za-z0-9_\- ]+$/
/** "Must look like name@host" (access.md §5). */
export const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/

/** A required text field: trimmed, and only "required" when empty (no pattern message on top). */
export const requiredText = (message = REQUIRED) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message, abort: true }))
