// Forms while the connection is down (docs/decisions/169-forms-wait-for-the-connection.md): a page's
// form that the server cannot receive waits in the tab's queue and is sent once, in order, when the
// connection returns; a form that cannot wait (a file, a deletion) says so and keeps what was typed.
// Nothing here ever turns a lost connection into the error page.
import {
  cannotQueue,
  isHeldForm,
  isReplay,
  isReplayAnswer,
  OFFLINE_TEXTS,
  parseQueue,
  replayAction,
  samePageButDialog,
  textFields,
  withoutDialog,
  type HeldForm,
  type QueuedForm,
} from '#app/platform/offline-queue'
import type { Toast } from '#app/platform/toast'
import { showToast } from '#app/ui/live-toasts'
import { useRealtime } from '#app/ui/realtime-provider'
import {
  redirect,
  useActionData,
  useBlocker,
  useFetcher,
  type ClientActionFunctionArgs,
  type ShouldRevalidateFunction,
} from '@remix-run/react'
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import { useUnsentCount } from './unsent-messages'

const STORAGE_KEY = 'portal:offline-forms'
const CHANGED_EVENT = 'portal:offline-forms-changed'

// ---------------------------------------------------------------------------------------------
// Whether the server can be reached: the browser's word, or a request that just failed to arrive.

/** A post that failed to arrive although the browser said it was online; cleared by the next sign of life. */
let lostSince: number | null = null

export function isOffline(): boolean {
  if (typeof navigator === 'undefined') return false
  return navigator.onLine === false || lostSince !== null
}

function markConnectionLost() {
  lostSince = Date.now()
  window.dispatchEvent(new Event(CHANGED_EVENT))
}

function markConnectionBack() {
  if (lostSince === null) return
  lostSince = null
  window.dispatchEvent(new Event(CHANGED_EVENT))
}

/** A fetch that never reached the server rejects with a TypeError ("Failed to fetch"). */
function neverArrived(error: unknown): boolean {
  return error instanceof TypeError
}

// ---------------------------------------------------------------------------------------------
// The queue, in the tab's session storage: it outlives a reload, not the tab.

function readQueue(): QueuedForm[] {
  try {
    return parseQueue(window.sessionStorage.getItem(STORAGE_KEY))
  } catch {
    return []
  }
}

function writeQueue(queue: QueuedForm[]) {
  try {
    if (queue.length === 0) window.sessionStorage.removeItem(STORAGE_KEY)
    else window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(queue))
  } finally {
    window.dispatchEvent(new Event(CHANGED_EVENT))
  }
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`
}

/** The queue as it changes, for the list that shows it and the replay that empties it. */
export function useOfflineQueue(): { queue: QueuedForm[]; offline: boolean } {
  const [state, setState] = useState<{ queue: QueuedForm[]; offline: boolean }>({ queue: [], offline: false })
  useEffect(() => {
    const update = () => setState({ queue: readQueue(), offline: isOffline() })
    update()
    window.addEventListener(CHANGED_EVENT, update)
    window.addEventListener('online', update)
    window.addEventListener('offline', update)
    window.addEventListener('storage', update)
    return () => {
      window.removeEventListener(CHANGED_EVENT, update)
      window.removeEventListener('online', update)
      window.removeEventListener('offline', update)
      window.removeEventListener('storage', update)
    }
  }, [])
  return state
}

// ---------------------------------------------------------------------------------------------
// The route's side: a client action in front of the server's, and the revalidation that waits.

/**
 * A route's `clientAction`: offline, a form joins the queue (described by `describe`; null means it
 * cannot wait) and the page stays as it is, its dialog closed; online, the server's action as
 * always. A form being replayed always answers data, so the replay never leaves the page.
 */
export function offlineClientAction(describe: (form: FormData) => string | null) {
  return async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
    const replay = isReplay(request.url)
    const form = await request.clone().formData()
    if (!replay && isOffline()) return hold(request, form, describe)
    try {
      const answer = await serverAction()
      markConnectionBack()
      return answer
    } catch (error) {
      if (neverArrived(error)) {
        markConnectionLost()
        return replay ? ({ offline: 'retry' } as const) : hold(request, form, describe)
      }
      markConnectionBack()
      if (!replay) throw error
      return { replayed: await refusalOf(error) }
    }
  }
}

function hold(request: Request, form: FormData, describe: (form: FormData) => string | null) {
  const url = new URL(request.url)
  const action = `${url.pathname}${url.search}`
  const label = describe(form)
  const fields = textFields(form.entries())
  if (fields === null) return held({ offline: 'needs-connection', message: OFFLINE_TEXTS.fileNeedsConnection })
  if (label === null) return held({ offline: 'needs-connection', message: OFFLINE_TEXTS.needsConnection })
  const queue = readQueue()
  const refusal = cannotQueue(queue, fields)
  if (refusal) return held({ offline: 'needs-connection', message: refusal })
  writeQueue([...queue, { id: newId(), action, fields, label, queuedAt: Date.now() }])
  // A dialog's form closes its dialog, as its redirect would have: the change is on its way.
  if (url.searchParams.has('dialog')) throw redirect(withoutDialog(action))
  return held({ offline: 'queued', label })
}

function held(value: HeldForm): HeldForm {
  return value
}

/** What a replayed form's refusal says, from whatever the server threw. */
async function refusalOf(error: unknown): Promise<Toast[]> {
  // A redirect the action chose (not a toast's): the form was taken.
  if (error instanceof Response && error.status >= 300 && error.status < 400) return []
  if (error instanceof Response) {
    const body: unknown = await error.json().catch(() => null)
    const message =
      body && typeof body === 'object' && 'error' in body
        ? (body as { error?: { message?: unknown } }).error?.message
        : undefined
    return [{ kind: 'error', message: typeof message === 'string' ? message : `Not sent (${error.status}).` }]
  }
  return [{ kind: 'error', message: 'Not sent: something went wrong on the server.' }]
}

/**
 * The `shouldRevalidate` of every route of a page with waiting forms: nothing is read again for a
 * form that waits, and offline nothing is read for the same page or a dialog opened or closed on
 * it — those reads would fail and show the error page instead of the page.
 */
export const offlineAwareRevalidate: ShouldRevalidateFunction = ({
  actionResult,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => {
  if (isHeldForm(actionResult) || isRetry(actionResult)) return false
  if (isOffline() && samePageButDialog(currentUrl, nextUrl)) return false
  return defaultShouldRevalidate
}

function isRetry(value: unknown): boolean {
  return !!value && typeof value === 'object' && (value as { offline?: unknown }).offline === 'retry'
}

// ---------------------------------------------------------------------------------------------
// The page's side: sending what waited, holding links, and saying what waits.

/**
 * Sends the queue, one form at a time in the order posted, whenever the connection is back (the
 * browser says so, or the live socket reconnects). Mounted once, in the frame.
 */
export function useOfflineReplay() {
  const fetcher = useFetcher({ key: 'offline-replay' })
  const { queue, offline } = useOfflineQueue()
  const { connected } = useRealtime()
  const sending = useRef<string | null>(null)

  // The live socket connecting again is a sign of life even where the browser never said offline.
  useEffect(() => {
    if (connected) markConnectionBack()
  }, [connected])
  useEffect(() => {
    window.addEventListener('online', markConnectionBack)
    return () => window.removeEventListener('online', markConnectionBack)
  }, [])
  // A post that failed although the browser said online: ask the server now and then whether it is back.
  useEffect(() => {
    if (!offline || navigator.onLine === false) return
    const timer = setInterval(() => {
      fetch('/healthz', { cache: 'no-store' }).then(
        (response) => (response.ok ? markConnectionBack() : undefined),
        () => undefined,
      )
    }, 5000)
    return () => clearInterval(timer)
  }, [offline])

  useEffect(() => {
    if (fetcher.state !== 'idle') return
    if (sending.current !== null) {
      const id = sending.current
      sending.current = null
      if (isRetry(fetcher.data)) return // still offline: it stays first in line
      writeQueue(readQueue().filter((entry) => entry.id !== id))
      if (isReplayAnswer(fetcher.data)) for (const toast of fetcher.data.replayed) showToast(toast)
      else if (isRefusedStatus(fetcher.data)) showToast({ kind: 'error', message: fetcher.data.refused })
      return
    }
    const next = queue[0]
    if (offline || !next) return
    sending.current = next.id
    const form = new FormData()
    for (const [name, value] of next.fields) form.append(name, value)
    fetcher.submit(form, { method: 'post', action: replayAction(next.action) })
  }, [fetcher, queue, offline])
}

function isRefusedStatus(value: unknown): value is { refused: string } {
  return !!value && typeof value === 'object' && typeof (value as { refused?: unknown }).refused === 'string'
}

/**
 * Offline, a link to another page would fail to load: it waits instead, with a word on the page,
 * and opens when the connection is back. Opening or closing a dialog still works.
 */
export function useOfflineLinks(): { held: boolean; cancel: () => void } {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isOffline() &&
      !samePageButDialog(
        new URL(`${currentLocation.pathname}${currentLocation.search}`, 'http://portal.invalid'),
        new URL(`${nextLocation.pathname}${nextLocation.search}`, 'http://portal.invalid'),
      ),
  )
  const { offline } = useOfflineQueue()
  // Back online, the link opens once the messages written offline have reached the server: opening
  // it would take their composer, and its outbox, off the page.
  const unsent = useUnsentCount()
  useEffect(() => {
    if (blocker.state === 'blocked' && !offline && unsent === 0) blocker.proceed()
  }, [blocker, offline, unsent])
  const cancel = useCallback(() => {
    if (blocker.state === 'blocked') blocker.reset()
  }, [blocker])
  return { held: blocker.state === 'blocked', cancel }
}

/** A plain form that posts a file: offline, it says so and keeps the file chosen, instead of the browser's error page. */
export function refuseFileFormOffline(event: FormEvent<HTMLFormElement>, onRefused: (message: string) => void) {
  if (!isOffline()) return
  event.preventDefault()
  onRefused(OFFLINE_TEXTS.fileNeedsConnection)
}

/** What waits for the connection, and a held link: shown at the top of a page that queues forms. */
export function OfflineQueueNotice({ links }: { links?: { held: boolean; cancel: () => void } }) {
  const { queue, offline } = useOfflineQueue()
  if (queue.length === 0 && !links?.held) return null
  return (
    <div
      role="status"
      data-testid="offline-queue"
      className="flex min-w-0 max-w-full flex-col gap-1 rounded-md border border-amber-200 bg-amber-50 px-3 py-1.5 text-sm text-amber-950"
    >
      {queue.length > 0 ? (
        <details>
          <summary className="cursor-pointer">
            {offline ? OFFLINE_TEXTS.waiting(queue.length) : OFFLINE_TEXTS.sending}
          </summary>
          <ul className="mt-1 list-disc pl-5">
            {queue.map((entry) => (
              <li key={entry.id} data-testid="offline-queued">
                {entry.label}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {links?.held ? (
        <p className="flex items-center gap-2">
          <span>{OFFLINE_TEXTS.navigationHeld}</span>
          <button type="button" className="underline underline-offset-2" onClick={links.cancel}>
            Stay here
          </button>
        </p>
      ) : null}
    </div>
  )
}

/** A plain alert inside a form, for a refusal told in the browser. */
export function FormAlert({ message }: { message: string }) {
  return (
    <p role="alert" data-testid="form-offline" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
      {message}
    </p>
  )
}

/** Inside a page's form: why the form posted offline could not wait (the form keeps what was typed). */
export function HeldFormMessage() {
  const answer = useActionData()
  return isHeldForm(answer) && answer.offline === 'needs-connection' ? <FormAlert message={answer.message} /> : null
}
