// Chat forms and payloads (atelier.md §5, access.md §5): the same rules in the browser, the pages'
// forms, the JSON API and socket.io.
import * as z from 'zod/mini'
import { LIMITS, maxText, REQUIRED, tooLongMessage } from '#app/platform/common-schemas'

export const MESSAGE_REQUIRED = 'Message is required.'
export const HTML_REFUSED = 'Cannot add html tags.'
export const GROUP_NAME_REQUIRED = 'Group name is required.'
export const GROUP_MEMBERS_REQUIRED = 'At least 1 selection required.'
export const SEND_FAILED = 'Unable to deliver the message.'
export const SEND_FAILED_SESSION = 'Unable to deliver the message. Please refresh your session.'
export const MESSAGE_DELETED = 'Message has been deleted successfully.'
export const MESSAGE_DELETE_FAILED = 'Error while deleting message.'
/** The spec's spelling. */
export const THREAD_DELETED = 'Thread Deleted Succesfully.'
/** Leaving a group or direct chat (not shown in the spec; docs/decisions/145). */
export const CONVERSATION_LEFT = 'You left the conversation.'

/** Longest message, in characters: a long note fits, a pasted document does not. */
export const MESSAGE_MAX = 4000
/** Most people in one group chat besides its creator. */
export const GROUP_MEMBERS_MAX = 50
/** Messages per page of a conversation. */
export const MESSAGES_PAGE = 50

/**
 * The kinds of object a comment thread can be attached to. A `MarkupPin` is a numbered pin of a
 * virtual sample's markup, named `{sample key}.{pin id}` (markupPinThreadKey); it lives in the
 * sample's Yjs document, so access to its thread is decided on the sample.
 */
export const THREAD_MODELS = ['Style', 'Listing', 'Reference', 'MarkupPin'] as const
export type ThreadModel = (typeof THREAD_MODELS)[number]

const PIN_THREAD_KEY = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{1,64})$/

export const markupPinThreadKey = (sampleKey: string, pinId: string) => `${sampleKey}.${pinId}`

/** The sample and pin of a pin thread's key, or null when the key is not one. */
export function parseMarkupPinThreadKey(key: string): { sampleKey: string; pinId: string } | null {
  const match = PIN_THREAD_KEY.exec(key)
  return match ? { sampleKey: match[1]!, pinId: match[2]! } : null
}

/** An opening or closing tag, a comment or a doctype: `a < b` and `<3` stay plain text. */
const HTML_TAG = /<\/?[A-Za-z][^<>]*>|<!--|<![A-Za-z]/

export function containsHtml(text: string): boolean {
  return HTML_TAG.test(text)
}

export const messageText = z.string({ error: MESSAGE_REQUIRED }).check(
  z.trim(),
  z.minLength(1, { error: MESSAGE_REQUIRED, abort: true }),
  z.maxLength(MESSAGE_MAX, { error: tooLongMessage('Message', MESSAGE_MAX), abort: true }),
  z.refine((text) => !containsHtml(text), { error: HTML_REFUSED }),
)

/** The text beside a file: the same rules, but it may be empty (the file is the message). */
export const attachedText = z.string({ error: MESSAGE_REQUIRED }).check(
  z.trim(),
  z.maxLength(MESSAGE_MAX, { error: tooLongMessage('Message', MESSAGE_MAX), abort: true }),
  z.refine((text) => !containsHtml(text), { error: HTML_REFUSED }),
)

const key = z
  .string({ error: REQUIRED })
  .check(z.trim(), z.minLength(1, { error: REQUIRED }), maxText('Key', LIMITS.key))

/** Where a message goes: a conversation, or the comment thread of an object (made on first use). */
export const SendMessageSchema = z
  .object({
    text: z._default(attachedText, ''),
    conversation: z.optional(key),
    model: z.optional(z.enum(THREAD_MODELS, { error: `model: one of ${THREAD_MODELS.join(', ')}.` })),
    model_id: z.optional(key),
    /** A file the sender uploaded for chat (purpose chat-attachment), scanned clean. */
    attachment: z.optional(key),
    /** The browser's idempotency key of this message: resending it stores nothing new. */
    client_key: z.optional(
      z.string().check(z.minLength(8), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _ only.')),
    ),
  })
  // A message says something, or carries a file, or both.
  .check(
    z.refine((message) => message.text.length > 0 || message.attachment !== undefined, {
      error: MESSAGE_REQUIRED,
      path: ['text'],
    }),
  )
export type SendMessageInput = z.output<typeof SendMessageSchema>

export const GroupChatSchema = z.object({
  name: z.string({ error: GROUP_NAME_REQUIRED }).check(
    z.trim(),
    z.minLength(1, { error: GROUP_NAME_REQUIRED, abort: true }),
    maxText('Group name', LIMITS.name),
    z.refine((text) => !containsHtml(text), { error: HTML_REFUSED }),
  ),
  members: z
    .array(key, { error: GROUP_MEMBERS_REQUIRED })
    .check(
      z.minLength(1, { error: GROUP_MEMBERS_REQUIRED }),
      z.maxLength(GROUP_MEMBERS_MAX, { error: `At most ${GROUP_MEMBERS_MAX} people in a group chat.` }),
    ),
})

/** A text on one line, cut after `max` characters with "…" when it is longer. */
export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max).trimEnd()}…` : flat
}

/** The chat bar's preview of a message (atelier.md §5: 40 characters) and its sender (20). */
export const PREVIEW_MAX = 40
export const SENDER_NAME_MAX = 20

/** The `@name` mentions of a text, lower-cased: `@anna` or `@"Anna Lindqvist"`; not an e-mail's @. */
export function mentionsIn(text: string): string[] {
  const found = new Set<string>()
  for (const match of text.matchAll(/(?<![\p{L}\p{N}._-])@(?:"([^"]{1,100})"|([\p{L}\p{N}._-]{1,64}))/gu)) {
    found.add((match[1] ?? match[2]!).toLowerCase())
  }
  return [...found]
}
