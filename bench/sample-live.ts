// A sample's status, live (issue 28): the time from an owner's Save of a new status (the page's own
// form post) to the change reaching every other person who has the style's pages open, measured
// beside the committed markup stroke of the same run (bench/sample-markup.ts). Goal: within 2× the
// stroke's time, at p95.
import { ATELIER_EVENTS, type SampleChangedEvent } from '#realtime/protocol'
import { io, type Socket } from 'socket.io-client'

export const STATUS_GOAL_RATIO = 2

export interface StatusFigures {
  times: number[]
  changes: number
  lost: number
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function statusLatency(
  port: number,
  target: { brandKey: string; styleKey: string; sampleKey: string },
  ownerCookie: string,
  viewerCookies: string[],
  viewers: number,
  changes: number,
): Promise<StatusFigures> {
  const base = `http://127.0.0.1:${port}`
  const url = `${base}/brand/${target.brandKey}/style/${target.styleKey}/samples/${target.sampleKey}`
  // The owner's page: its form token, and the session cookie that holds it.
  const page = await fetch(url, { headers: { cookie: ownerCookie } })
  const uiCookies = page.headers.getSetCookie().map((cookie) => cookie.split(';')[0])
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1]
  if (!page.ok || !csrf) throw new Error(`The sample page answered ${page.status} without a form token`)
  const cookie = [ownerCookie, ...uiCookies].join('; ')

  const sockets: Socket[] = []
  const times: number[] = []
  let sent = 0
  let received = 0
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
        if (event.change !== 'status' || event.sample !== target.sampleKey) return
        times.push(performance.now() - sent)
        received++
      })
      sockets.push(socket)
    }
    for (let i = 0; i < changes; i++) {
      const status = i % 2 === 0 ? 'Ready for Review' : 'In Progress'
      const body = new URLSearchParams({ csrf, intent: 'status', status })
      sent = performance.now()
      const answer = await fetch(url, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body,
        redirect: 'manual',
      })
      if (answer.status !== 302) throw new Error(`Saving a status answered ${answer.status}`)
      const expected = (i + 1) * sockets.length
      const deadline = Date.now() + 2_000
      while (received < expected && Date.now() < deadline) await pause(2)
      // A person saves a status now and then, not in a burst.
      await pause(20)
    }
    return { times, changes, lost: changes * sockets.length - received }
  } finally {
    for (const socket of sockets) socket.disconnect()
  }
}
