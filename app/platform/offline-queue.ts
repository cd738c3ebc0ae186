// Forms posted while the browser is offline wait here and go once the connection is back, in the
// order they were posted (docs/decisions/169-forms-wait-for-the-connection.md). The rules are pure:
// the queue is a list kept in the tab's session storage by app/ui/offline-forms.tsx.

import type { Toast } from './toast'

/** A form that waits for the connection: where it posts, what it holds, and what the person sees. */
export interface QueuedForm {
  id: string
  /** The page address the form posts to (path and query). */
  action: string
  fields: [string, string][]
  /** What the waiting list says of it ("Status: In Progress"). */
  label: string
  queuedAt: number
}

/** The query parameter a replayed form carries: its action answers the toast as data, not a redirect. */
export const REPLAY_PARAM = '_replay'

/** The most forms that wait at once: a queue is a few decisions, not a backlog. */
export const MAX_QUEUED_FORMS = 50

/** The longest form a queue keeps (its fields together), so session storage never runs out on it. */
export const MAX_QUEUED_FORM_CHARS = 64 * 1024

/** The form's text fields, or null when it carries a file: a file is not kept for later. */
export function textFields(entries: Iterable<[string, FormDataEntryValue]>): [string, string][] | null {
  const fields: [string, string][] = []
  for (const [name, value] of entries) {
    if (typeof value !== 'string') {
      // An empty file input (nothing chosen) is not a file.
      if (value.size === 0 && value.name === '') continue
      return null
    }
    fields.push([name, value])
  }
  return fields
}

/** Why a form cannot wait, or null when it can join the queue. */
export function cannotQueue(queue: readonly QueuedForm[], fields: [string, string][]): string | null {
  if (queue.length >= MAX_QUEUED_FORMS) return OFFLINE_TEXTS.queueFull
  const size = fields.reduce((sum, [name, value]) => sum + name.length + value.length, 0)
  if (size > MAX_QUEUED_FORM_CHARS) return OFFLINE_TEXTS.tooLong
  return null
}

/** The stored queue as a list; anything that is not a queued form (an old or edited value) is dropped. */
export function parseQueue(stored: string | null): QueuedForm[] {
  if (!stored) return []
  let value: unknown
  try {
    value = JSON.parse(stored)
  } catch {
    return []
  }
  return Array.isArray(value) ? value.filter(isQueuedForm) : []
}

function isQueuedForm(value: unknown): value is QueuedForm {
  if (!value || typeof value !== 'object') return false
  const entry = value as Partial<QueuedForm>
  return (
    typeof entry.id === 'string' &&
    typeof entry.action === 'string' &&
    entry.action.startsWith('/') &&
    !entry.action.startsWith('//') &&
    typeof entry.label === 'string' &&
    typeof entry.queuedAt === 'number' &&
    Array.isArray(entry.fields) &&
    entry.fields.every(
      (field) => Array.isArray(field) && field.length === 2 && field.every((part) => typeof part === 'string'),
    )
  )
}

/** The action's address as a replay posts it. */
export function replayAction(action: string): string {
  const url = new URL(action, 'http://portal.invalid')
  url.searchParams.set(REPLAY_PARAM, '1')
  return `${url.pathname}${url.search}`
}

/** Whether a request is a replayed form's (it answers data instead of a redirect). */
export function isReplay(url: string | URL): boolean {
  return new URL(url, 'http://portal.invalid').searchParams.has(REPLAY_PARAM)
}

/**
 * Whether two addresses show the same page, a dialog aside: offline, opening or closing a dialog
 * needs nothing new from the server (the dialog is read from the address), anything else does.
 */
export function samePageButDialog(a: URL, b: URL): boolean {
  if (a.pathname !== b.pathname) return false
  const withoutDialog = (url: URL) => {
    const query = new URLSearchParams(url.search)
    query.delete('dialog')
    query.delete(REPLAY_PARAM)
    query.sort()
    return query.toString()
  }
  return withoutDialog(a) === withoutDialog(b)
}

/** The address a queued dialog's form leaves to: the same page with its dialog closed. */
export function withoutDialog(action: string): string {
  const url = new URL(action, 'http://portal.invalid')
  url.searchParams.delete('dialog')
  return `${url.pathname}${url.search}`
}

/** What a client action answers for a form that did not reach the server. */
export type HeldForm = { offline: 'queued'; label: string } | { offline: 'needs-connection'; message: string }

/** What a replayed form's action answers: the toast its redirect would have flashed. */
export interface ReplayAnswer {
  replayed: Toast[]
}

export function isReplayAnswer(value: unknown): value is ReplayAnswer {
  return !!value && typeof value === 'object' && Array.isArray((value as Partial<ReplayAnswer>).replayed)
}

export function isHeldForm(value: unknown): value is HeldForm {
  return !!value && typeof value === 'object' && 'offline' in value
}

export const OFFLINE_TEXTS = {
  needsConnection: 'This needs the connection. Nothing was changed: try again when you are back online.',
  fileNeedsConnection:
    'Uploading a file needs the connection. The file stays chosen: upload it when you are back online.',
  queueFull: `${MAX_QUEUED_FORMS} changes are already waiting for the connection. This one was not kept: try again when you are back online.`,
  tooLong: 'This change is too long to keep while offline. Nothing was changed: try again when you are back online.',
  waiting: (count: number) =>
    count === 1 ? '1 change waits for the connection' : `${count} changes wait for the connection`,
  sending: 'Sending what waited…',
  navigationHeld: 'You are offline: this opens when the connection is back.',
  notAnswered: 'Not sent: the server did not answer. It will be tried again.',
} as const
