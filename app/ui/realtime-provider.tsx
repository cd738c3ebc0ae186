// One socket.io connection per signed-in page frame, shared by every live feature of the page (the
// notification bell, chat, upload progress, the atelier). It joins the room of the brand on screen
// and its presence (so its members see this account online, whatever page it is on), again after
// each reconnect, and leaves the room when the page moves to another brand.
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import type { Socket } from 'socket.io-client'
import { CHAT_EVENTS, EVENTS } from '#realtime/protocol'

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
    return () => {
      disposed = true
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

  return <RealtimeContext.Provider value={realtime}>{children}</RealtimeContext.Provider>
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
