// A sample's review, live (issue 28): the time from a person's form post on the sample page (a
// status saved, a change request's state set, a new version uploaded) to the change reaching
// everyone else who has the style's pages open, measured beside the committed markup stroke of the
// same run (bench/sample-markup.ts). Goal: within 2× the stroke's time, at p95.
import {
  ATELIER_EVENTS,
  type SampleChange,
  type SampleChangedEvent,
  type SampleReviewAck,
} from '#app/platform/protocol'
import sharp from 'sharp'
import { io, type Socket } from 'socket.io-client'

export const STATUS_GOAL_RATIO = 2

export interface RoomFigures {
  /** From the post (or the socket event) leaving to each viewer hearing the change. */
  times: number[]
  /**
   * From the change being stored (the event's `at`: for a new version, its commit) to each viewer
   * hearing it, on the one clock of this machine (1 ms resolution).
   */
  sinceStored: number[]
  /** How long each post took to answer: the floor of a change that carries a file. */
  answers: number[]
  changes: number
  lost: number
}

export interface LiveReviewFigures {
  /** Over the socket, as the page sends it with JavaScript. */
  status: RoomFigures
  feedback: RoomFigures
  /** The same status by the page's form, as without JavaScript. */
  statusForm: RoomFigures
  version: RoomFigures
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function reviewLatency(
  port: number,
  target: { brandKey: string; styleKey: string; sampleKey: string },
  ownerCookie: string,
  viewerCookies: string[],
  viewers: number,
  changes: number,
): Promise<LiveReviewFigures> {
  const base = `http://127.0.0.1:${port}`
  const url = `${base}/brand/${target.brandKey}/style/${target.styleKey}/samples/${target.sampleKey}`
  // The owner's page: its form token, and the session cookie that holds it.
  const page = await fetch(url, { headers: { cookie: ownerCookie } })
  const uiCookies = page.headers.getSetCookie().map((cookie) => cookie.split(';')[0])
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1]
  if (!page.ok || !csrf) throw new Error(`The sample page answered ${page.status} without a form token`)
  const cookie = [ownerCookie, ...uiCookies].join('; ')

  const sockets: Socket[] = []
  let ownerSocket: Socket | null = null
  let watching: {
    change: SampleChange
    sent: number
    times: number[]
    sinceStored: number[]
    received: number
  } | null = null
  const post = (body: URLSearchParams | FormData, to = url) =>
    fetch(to, {
      method: 'POST',
      headers:
        body instanceof URLSearchParams ? { cookie, 'content-type': 'application/x-www-form-urlencoded' } : { cookie },
      body,
      redirect: 'manual',
    })

  /** Times `count` posts, each until every viewer has heard its change. */
  async function timed(
    change: SampleChange,
    count: number,
    send: (i: number) => Promise<Response | SampleReviewAck>,
    gapMs = 20,
  ): Promise<RoomFigures> {
    const run = { change, sent: 0, times: [] as number[], sinceStored: [] as number[], received: 0 }
    const answers: number[] = []
    watching = run
    for (let i = 0; i < count; i++) {
      run.sent = performance.now()
      const answer = await send(i)
      answers.push(performance.now() - run.sent)
      if (answer instanceof Response ? answer.status !== 302 : !answer.ok) {
        throw new Error(
          `${change}: ${answer instanceof Response ? `the form answered ${answer.status}` : answer.message}`,
        )
      }
      const expected = (i + 1) * sockets.length
      const deadline = Date.now() + 5_000
      while (run.received < expected && Date.now() < deadline) await pause(2)
      // A person acts now and then, not in a burst (a socket takes five events a second).
      await pause(gapMs)
    }
    watching = null
    return {
      times: run.times,
      sinceStored: run.sinceStored,
      answers,
      changes: count,
      lost: count * sockets.length - run.received,
    }
  }

  try {
    for (let i = 0; i < viewers - 1; i++) {
      const socket = io(base, {
        transports: ['websocket'],
        extraHeaders: { cookie: viewerCookies[i % viewerCookies.length]! },
        reconnection: false,
      })
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve())
        socket.once('connect_error', reject)
      })
      const answer = (await socket.emitWithAck(ATELIER_EVENTS.watch, { styles: [target.styleKey] })) as { ok: boolean }
      if (!answer.ok) throw new Error('A viewer was refused the style’s room')
      socket.on(ATELIER_EVENTS.changed, (event: SampleChangedEvent) => {
        const run = watching
        if (!run || event.change !== run.change) return
        run.times.push(performance.now() - run.sent)
        run.sinceStored.push(Math.max(0, Date.now() - Date.parse(event.at)))
        run.received++
      })
      sockets.push(socket)
    }

    // The owner's own page, connected as with JavaScript: its decisions go over the socket.
    const owner = io(base, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false })
    await new Promise<void>((resolve, reject) => {
      owner.once('connect', () => resolve())
      owner.once('connect_error', reject)
    })
    ownerSocket = owner
    const decide = (payload: Record<string, string>) =>
      owner.emitWithAck(ATELIER_EVENTS.review, { sample: target.sampleKey, ...payload }) as Promise<SampleReviewAck>
    const statusAt = (i: number) => (i % 2 === 0 ? 'Ready for Review' : 'In Progress')

    // A few saves first, not counted: the first requests of a process pay for its warm-up (as the
    // stroke's figure, taken after the cold loads, does not).
    const SOCKET_GAP = 220
    await timed('status', 6, (i) => decide({ intent: 'status', status: statusAt(i) }), SOCKET_GAP)
    await timed('status', 6, (i) => post(new URLSearchParams({ csrf, intent: 'status', status: statusAt(i) })))
    const status = await timed('status', changes, (i) => decide({ intent: 'status', status: statusAt(i) }), SOCKET_GAP)
    const statusForm = await timed('status', changes, (i) =>
      post(new URLSearchParams({ csrf, intent: 'status', status: statusAt(i) })),
    )

    // One change request (a comment), its state set back and forth.
    const raised = await post(
      new URLSearchParams({ csrf, intent: 'raise', pin: '', comment: 'Benchmark: lower the collar 2 mm' }),
    )
    if (raised.status !== 302) throw new Error(`Raising a change request answered ${raised.status}`)
    const reviewPage = await (await fetch(url, { headers: { cookie } })).text()
    const feedbackKey = /name="feedback" value="([^"]+)"/.exec(reviewPage)?.[1]
    if (!feedbackKey) throw new Error('The change request is not on the sample page')
    const feedback = await timed(
      'feedback',
      changes,
      (i) => decide({ intent: 'feedback', feedback: feedbackKey, state: i % 2 === 0 ? 'resolved' : 'open' }),
      SOCKET_GAP,
    )

    // New versions: a small picture each time (an upload, its transaction and the carried marks).
    const png = await sharp({ create: { width: 200, height: 260, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer()
    const version = await timed('version', Math.max(3, Math.round(changes / 8)), (i) => {
      const form = new FormData()
      form.append('csrf', csrf)
      form.append('file', new Blob([png], { type: 'image/png' }), `Benchmark v${i + 2}.png`)
      return post(form, `${url}/version`)
    })
    return { status, feedback, statusForm, version }
  } finally {
    ownerSocket?.disconnect()
    for (const socket of sockets) socket.disconnect()
  }
}
