// The live markup of a virtual sample: the Yjs document `sample-markup:{brand}:{sample}` over
// y-websocket at /yjs (same origin; the session cookie decides who may read and who may draw).
// Its map `shapes` holds each shape by id as its stored bytes (storedShape); every shape read is
// checked by parseStoredShape. Awareness carries each person's name, cursor (0–1 of the image),
// the stroke they are drawing (as text), where they look (markup/follow.ts: their zoom and pan or
// camera, and the sample page they are opening), and that they are looking. When the browser goes
// offline the connection is let go at once (a socket may linger for minutes otherwise); marks
// drawn meanwhile stay in the local document and merge when the browser is back online.
// Loaded after hydration only: without JavaScript the page draws the stored markup as SVG.
import { useCallback, useEffect, useRef, useState } from 'react'
import type * as Y from 'yjs'
import type { WebsocketProvider } from 'y-websocket'
import { CLOSE_CODES } from '#app/platform/protocol'
import { parseStoredShape, shapeText, storedShape, type Point, type Shape } from '#app/features/samples/markup/shapes'
import { parseGoing, parseSharedView, type SharedView } from '#app/features/samples/markup/follow'

export interface Viewer {
  clientId: number
  key: string
  name: string
  cursor: Point | null
  /** The shape they are drawing right now, before they let go of it. */
  drawing: Shape | null
  /** Where they look, for those who follow them. */
  view: SharedView | null
  /** The sample page they are opening, while it loads. */
  going: string | null
}

export interface SampleMarkupDoc {
  shapes: Shape[]
  /** The other people looking at the sample, with their cursors. */
  viewers: Viewer[]
  status: 'connecting' | 'connected' | 'disconnected'
  put(shape: Shape): void
  remove(id: string): void
  moveCursor(point: Point | null): void
  /** Shows the shape being drawn to the others, at most every DRAWING_INTERVAL_MS. */
  showDrawing(shape: Shape | null): void
  /** Shares where one looks (markup/follow.ts sends it at most every VIEW_INTERVAL_MS). */
  share(field: 'view' | 'going', value: unknown): void
}

/** How often a stroke being drawn is sent to the others: smooth to watch, light on the wire. */
const DRAWING_INTERVAL_MS = 50

function readViewers(states: Map<number, Record<string, unknown>>, self: number): Viewer[] {
  const viewers: Viewer[] = []
  for (const [clientId, state] of states) {
    if (clientId === self) continue
    const user = state.user as { key?: unknown; name?: unknown } | undefined
    if (!user || typeof user.key !== 'string' || typeof user.name !== 'string') continue
    const cursor = state.cursor as { x?: unknown; y?: unknown } | null | undefined
    const valid =
      cursor && typeof cursor.x === 'number' && typeof cursor.y === 'number' && Number.isFinite(cursor.x + cursor.y)
    viewers.push({
      clientId,
      key: user.key,
      name: user.name.slice(0, 80),
      cursor: valid
        ? { x: Math.min(1, Math.max(0, cursor.x as number)), y: Math.min(1, Math.max(0, cursor.y as number)) }
        : null,
      drawing: state.drawing ? parseStoredShape(state.drawing) : null,
      view: parseSharedView(state.view),
      going: parseGoing(state.going),
    })
  }
  return viewers
}

export function useSampleMarkup(
  brandKey: string,
  sampleKey: string,
  user: { key: string; name: string },
  initial: Shape[],
): SampleMarkupDoc {
  const [shapes, setShapes] = useState<Shape[]>(initial)
  const [viewers, setViewers] = useState<Viewer[]>([])
  const [status, setStatus] = useState<SampleMarkupDoc['status']>('connecting')
  const live = useRef<{ doc: Y.Doc; map: Y.Map<unknown>; provider: WebsocketProvider } | null>(null)
  // A change the server refused (decision 148) stays in this copy and would be sent again with every
  // later one: a new copy, loaded afresh from the server, takes its place.
  const [copy, setCopy] = useState(0)
  // What one shares of one's view, kept for a document that is not connected yet (or a new copy).
  const shared = useRef<Record<string, unknown>>({})

  useEffect(() => {
    let disposed = false
    let provider: WebsocketProvider | null = null
    let doc: Y.Doc | null = null
    const goOffline = () => provider?.disconnect()
    const goOnline = () => provider?.connect()
    window.addEventListener('offline', goOffline)
    window.addEventListener('online', goOnline)
    void Promise.all([import('yjs'), import('y-websocket')]).then(([YModule, { WebsocketProvider }]) => {
      if (disposed) return
      doc = new YModule.Doc()
      const map = doc.getMap<unknown>('shapes')
      // Each shape's stored text and what it reads as, so a change parses only the shapes it touched.
      const parsed = new Map<string, { stored: unknown; shape: Shape | null }>()
      const read = () => {
        const next: Shape[] = []
        map.forEach((stored, id) => {
          let entry = parsed.get(id)
          if (!entry || entry.stored !== stored) parsed.set(id, (entry = { stored, shape: parseStoredShape(stored) }))
          if (entry.shape) next.push(entry.shape)
        })
        for (const id of parsed.keys()) if (!map.has(id)) parsed.delete(id)
        next.sort((a, b) => a.created - b.created || a.id.localeCompare(b.id))
        setShapes(next)
      }
      map.observe(read)
      const url = `${window.location.origin.replace(/^http/, 'ws')}/yjs`
      provider = new WebsocketProvider(url, `sample-markup:${brandKey}:${sampleKey}`, doc, {
        disableBc: true,
        maxBackoffTime: 2500,
        connect: navigator.onLine !== false,
      })
      live.current = { doc, map, provider }
      provider.on('connection-close', (event) => {
        if (event?.code === CLOSE_CODES.updateRefused) setCopy((n) => n + 1)
      })
      const awareness = provider.awareness
      awareness.setLocalStateField('user', { key: user.key, name: user.name })
      for (const [field, value] of Object.entries(shared.current)) awareness.setLocalStateField(field, value)
      const present = () =>
        setViewers(readViewers(awareness.getStates() as Map<number, Record<string, unknown>>, doc!.clientID))
      awareness.on('change', present)
      provider.on('status', ({ status: next }: { status: SampleMarkupDoc['status'] }) => {
        // Connected again: forget the clocks of the others, which the provider raised when it
        // dropped their states on losing the connection; otherwise the states the server now sends,
        // at the clocks it has, read as old and the others show only after two renewals (30 s).
        if (next === 'connected') {
          for (const id of [...awareness.meta.keys()]) {
            if (id !== doc!.clientID && !awareness.getStates().has(id)) awareness.meta.delete(id)
          }
        }
        setStatus(next)
        document.documentElement.dataset.sampleMarkup = next
      })
      provider.on('sync', (synced: boolean) => {
        if (synced) {
          read()
          document.documentElement.dataset.sampleMarkup = 'synced'
        }
      })
      present()
    })
    return () => {
      disposed = true
      window.removeEventListener('offline', goOffline)
      window.removeEventListener('online', goOnline)
      provider?.awareness.setLocalState(null)
      provider?.destroy()
      doc?.destroy()
      live.current = null
    }
  }, [brandKey, sampleKey, user.key, user.name, copy])

  const put = useCallback((shape: Shape) => {
    live.current?.map.set(shape.id, storedShape(shape))
  }, [])
  const remove = useCallback((id: string) => {
    live.current?.map.delete(id)
  }, [])
  const moveCursor = useCallback((point: Point | null) => {
    live.current?.provider.awareness.setLocalStateField('cursor', point)
  }, [])
  const share = useCallback((field: 'view' | 'going', value: unknown) => {
    shared.current[field] = value
    live.current?.provider.awareness.setLocalStateField(field, value)
  }, [])
  // The latest shape being drawn waits here until its turn to be sent.
  const pendingDrawing = useRef<{ shape: Shape | null; timer: ReturnType<typeof setTimeout> | null }>({
    shape: null,
    timer: null,
  })
  const showDrawing = useCallback((shape: Shape | null) => {
    const pending = pendingDrawing.current
    const send = () => {
      pending.timer = null
      live.current?.provider.awareness.setLocalStateField('drawing', pending.shape ? shapeText(pending.shape) : null)
    }
    pending.shape = shape
    if (shape === null) {
      // Let go: the shape itself arrives through the document; the preview goes at once.
      if (pending.timer) clearTimeout(pending.timer)
      send()
    } else if (!pending.timer) {
      pending.timer = setTimeout(send, DRAWING_INTERVAL_MS)
    }
  }, [])
  useEffect(() => () => void (pendingDrawing.current.timer && clearTimeout(pendingDrawing.current.timer)), [])

  return { shapes, viewers, status, put, remove, moveCursor, showDrawing, share }
}
