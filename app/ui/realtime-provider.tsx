// One socket.io connection per signed-in page frame, shared by every live feature of the page (the
// notification bell, chat, upload progress, the atelier). It joins the room of the brand on screen
// and its presence (so its members see this account online, whatever page it is on), again after
// each reconnect, and leaves the room when the page moves to another brand. It tells the server
// when the tab goes idle (no input for a few minutes) and when it is in use again.
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import type { Socket } from 'socket.io-client'
import { CHAT_EVENTS, EVENTS, PRESENCE_TIMINGS } from '#app/platform/protocol'

interface Realtime {
  socket: Socket | null
  connected: boolean
}

const RealtimeContext = createContext<Realtime>({ socket: null, connected: false })

export function RealtimeProvider({ brandKey, children }: { brandKey: string | null; children: ReactNode }) {
  const [realtime, setRealtime] = useState<Realtime>({ socket: null, connected: false })
  const brandRef = useRef(brandKey)
  brandRef.current = brandKey

  useEffect(() => {
    let disposed = false
    let socket: Socket | null = null
    // Loaded in the browser only, after hydration: pages work without it.
    void import('socket.io-client').then(({ io }) => {
      if (disposed) return
      socket = io({ withCredentials: true, transports: ['websocket', 'polling'] })
      const current = socket
      current.on('connect', () => {
        if (brandRef.current) {
          current.emit(EVENTS.brandJoin, { brand: brandRef.current }, () => {})
          // Online to the brand's members while any tab of the brand is open and connected.
          current.emit(CHAT_EVENTS.presenceJoin, { brand: brandRef.current }, () => {})
        }
        document.documentElement.dataset.realtime = 'connected'
        setRealtime({ socket: current, connected: true })
      })
      current.on('disconnect', () => {
        document.documentElement.dataset.realtime = 'disconnected'
        setRealtime({ socket: current, connected: false })
      })
      setRealtime({ socket: current, connected: current.connected })
    })
    // A browser that knows it is offline says so at once: leaving now takes this tab out of the
    // others' online lists within a moment, rather than when the server's pings run out (an open
    // socket may even outlive the network the browser reports lost). Back online, it reconnects.
    const goOffline = () => socket?.disconnect()
    const goOnline = () => socket?.connect()
    window.addEventListener('offline', goOffline)
    window.addEventListener('online', goOnline)
    return () => {
      disposed = true
      window.removeEventListener('offline', goOffline)
      window.removeEventListener('online', goOnline)
      socket?.disconnect()
    }
  }, [])

  // Moving to another brand: leave the previous brand's room, join the new one.
  const { socket, connected } = realtime
  useEffect(() => {
    if (!socket || !connected || !brandKey) return
    socket.emit(EVENTS.brandJoin, { brand: brandKey }, () => {})
    socket.emit(CHAT_EVENTS.presenceJoin, { brand: brandKey }, () => {})
    return () => {
      // A disconnected socket has left every room already; an emit would be queued and sent late.
      if (socket.connected) socket.emit(EVENTS.brandLeave, { brand: brandKey })
    }
  }, [socket, connected, brandKey])

  useTabActivity(socket, connected)

  return <RealtimeContext.Provider value={realtime}>{children}</RealtimeContext.Provider>
}

/** What counts as someone at this tab: pointer, keyboard, touch, or the tab coming into view. */
const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const

/**
 * Reports the tab idle after PRESENCE_TIMINGS.idleAfterMs without input, and active on the next
 * input. The last input is kept across reconnects: a new connection starts active on the server,
 * so a tab idle already says so again at once.
 */
function useTabActivity(socket: Socket | null, connected: boolean) {
  const lastInput = useRef(Date.now())
  useEffect(() => {
    if (!socket || !connected) return
    const report = (state: 'idle' | 'active') => socket.emit(CHAT_EVENTS.presenceActivity, { state }, () => {})
    let idle = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const check = () => {
      timer = undefined
      const quiet = Date.now() - lastInput.current
      if (quiet < PRESENCE_TIMINGS.idleAfterMs) {
        timer = setTimeout(check, PRESENCE_TIMINGS.idleAfterMs - quiet)
      } else if (!idle) {
        idle = true
        report('idle')
      }
    }
    const onInput = () => {
      lastInput.current = Date.now()
      if (idle) {
        idle = false
        report('active')
      }
      if (timer === undefined) timer = setTimeout(check, PRESENCE_TIMINGS.idleAfterMs)
    }
    const onVisibility = () => {
      if (document.visibilityState === 'visible') onInput()
    }
    for (const name of INPUT_EVENTS) window.addEventListener(name, onInput, { capture: true, passive: true })
    document.addEventListener('visibilitychange', onVisibility)
    check()
    return () => {
      clearTimeout(timer)
      for (const name of INPUT_EVENTS) window.removeEventListener(name, onInput, { capture: true })
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [socket, connected])
}

export function useRealtime(): Realtime {
  return useContext(RealtimeContext)
}

/** Calls `handler` for every `event` pushed to this page, for as long as the component lives. */
export function useRealtimeEvent<T>(event: string, handler: (payload: T) => void): void {
  const { socket } = useRealtime()
  const handlerRef = useRef(handler)
  handlerRef.current = handler
  useEffect(() => {
    if (!socket) return
    const listener = (payload: T) => handlerRef.current(payload)
    socket.on(event, listener)
    return () => {
      socket.off(event, listener)
    }
  }, [socket, event])
}
