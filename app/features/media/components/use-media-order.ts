// The shared, unsaved order of the media management page: the Yjs document `media-order:{brand}`
// over y-websocket at /yjs (same origin, the session cookie decides who may read and write).
// Its map `orders` holds, per listing being reordered, the order of its photo keys; a listing
// without an entry shows its saved order. Awareness carries each person's name for presence.
// Loaded after hydration only: the page works without it (docs/decisions/100).
import { useCallback, useEffect, useRef, useState } from 'react'
import type * as Y from 'yjs'
import type { WebsocketProvider } from 'y-websocket'
import { CLOSE_CODES } from '#app/platform/protocol'
import { othersHere } from '#app/features/media/media-order'

export interface MediaOrderDoc {
  /** Listing key → its shared unsaved order. */
  orders: Record<string, string[]>
  /** Names of the other people on the page. */
  others: string[]
  connected: boolean
  /** Replaces a listing's shared order (people who may not arrange: ignored by the server). */
  setOrder(listing: string, keys: string[]): void
  /** Drops the shared order of these listings (after Save), so everyone shows the saved order. */
  clear(listings: string[]): void
}

export function useMediaOrderDoc(
  brandKey: string,
  user: { key: string; name: string },
  onCleared?: () => void,
): MediaOrderDoc {
  const [orders, setOrders] = useState<Record<string, string[]>>({})
  const [others, setOthers] = useState<string[]>([])
  const [connected, setConnected] = useState(false)
  const live = useRef<{ doc: Y.Doc; map: Y.Map<Y.Array<string>>; Y: typeof Y } | null>(null)
  // A change the server refused (decision 148) stays in this copy and would be sent again with every
  // later one: a new copy, loaded afresh from the server, takes its place.
  const [copy, setCopy] = useState(0)
  const clearedRef = useRef(onCleared)
  clearedRef.current = onCleared

  useEffect(() => {
    let provider: WebsocketProvider | null = null
    let disposed = false
    void Promise.all([import('yjs'), import('y-websocket')]).then(([YModule, { WebsocketProvider }]) => {
      if (disposed) return
      const doc = new YModule.Doc()
      const map = doc.getMap<Y.Array<string>>('orders')
      live.current = { doc, map, Y: YModule }
      const read = () => {
        const next: Record<string, string[]> = {}
        map.forEach((list, listing) => {
          next[listing] = list.toArray()
        })
        setOrders(next)
      }
      map.observeDeep((events) => {
        read()
        // Someone saved a listing: its saved order is now in the database.
        const removed = events.some(
          (event) =>
            event.target === map && [...event.changes.keys.values()].some((change) => change.action === 'delete'),
        )
        if (removed) clearedRef.current?.()
      })
      const url = `${window.location.origin.replace(/^http/, 'ws')}/yjs`
      provider = new WebsocketProvider(url, `media-order:${brandKey}`, doc, { disableBc: true, maxBackoffTime: 2500 })
      provider.on('connection-close', (event) => {
        if (event?.code === CLOSE_CODES.updateRefused) setCopy((n) => n + 1)
      })
      const awareness = provider.awareness
      awareness.setLocalStateField('user', { key: user.key, name: user.name })
      const present = () =>
        setOthers(
          othersHere(awareness.getStates() as Map<number, { user?: { key?: unknown; name?: unknown } }>, {
            clientId: doc.clientID,
            key: user.key,
          }),
        )
      awareness.on('change', present)
      provider.on('status', ({ status }) => {
        setConnected(status === 'connected')
        document.documentElement.dataset.mediaOrder = status
      })
      provider.on('sync', (synced: boolean) => {
        if (synced) document.documentElement.dataset.mediaOrder = 'synced'
      })
      read()
      present()
    })
    return () => {
      disposed = true
      provider?.awareness.setLocalState(null)
      provider?.destroy()
      live.current?.doc.destroy()
      live.current = null
    }
  }, [brandKey, user.key, user.name, copy])

  const setOrder = useCallback((listing: string, keys: string[]) => {
    const current = live.current
    if (!current) return
    current.doc.transact(() => {
      const list = new current.Y.Array<string>()
      list.push(keys)
      current.map.set(listing, list)
    })
  }, [])

  const clear = useCallback((listings: string[]) => {
    const current = live.current
    if (!current) return
    current.doc.transact(() => {
      for (const listing of listings) current.map.delete(listing)
    })
  }, [])

  return { orders, others, connected, setOrder, clear }
}
