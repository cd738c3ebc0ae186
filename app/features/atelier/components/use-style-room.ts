// Following a style live: the page joins its style's room while it is on screen and hears every
// change to the style's samples. After a lost connection it reads its data again, so nothing
// that happened meanwhile is missed; after a lost grant the server asks it to join again, and
// the access module decides afresh.
import { useRealtime } from '#app/ui/realtime-provider'
import { ATELIER_EVENTS, type SampleChangedEvent } from '#app/platform/protocol'
import { useRevalidator } from '@remix-run/react'
import { useCallback, useEffect, useRef } from 'react'

export function useStyleRooms(
  styleKeys: readonly string[],
  handlers: { onChange: (event: SampleChangedEvent) => void; onCatchUp: () => void },
): void {
  const { socket, connected } = useRealtime()
  const handlersRef = useRef(handlers)
  handlersRef.current = handlers
  const watchedBefore = useRef(false)
  // One string, so a new array of the same keys on each render changes nothing.
  const keys = [...new Set(styleKeys)].slice(0, 50).join('\n')
  useEffect(() => {
    if (!socket || !connected || !keys) return
    const styles = keys.split('\n')
    const watch = () => socket.emit(ATELIER_EVENTS.watch, { styles }, () => {})
    watch()
    // A reconnect: what changed while the page was away is read again.
    if (watchedBefore.current) handlersRef.current.onCatchUp()
    watchedBefore.current = true
    const onChanged = (event: SampleChangedEvent) => {
      if (styles.includes(event.style)) handlersRef.current.onChange(event)
    }
    socket.on(ATELIER_EVENTS.changed, onChanged)
    socket.on(ATELIER_EVENTS.rewatch, watch)
    return () => {
      socket.off(ATELIER_EVENTS.changed, onChanged)
      socket.off(ATELIER_EVENTS.rewatch, watch)
      // A disconnected socket has left its rooms already.
      if (socket.connected) socket.emit(ATELIER_EVENTS.unwatch, { styles })
    }
  }, [socket, connected, keys])
}

/** Following one style: its page, and the pages of its samples. */
export function useStyleRoom(
  styleKey: string,
  handlers: { onChange: (event: SampleChangedEvent) => void; onCatchUp: () => void },
): void {
  useStyleRooms([styleKey], handlers)
}

/**
 * Reads the page's data again; a change that arrives while a read is running is read once more
 * when it ends, so the last change is never lost to a read that started before it. Nothing is
 * read once the page is leaving by a form posted as a document (a new version's upload): that
 * read would race the next page's, and its cookie could replace the one carrying that page's
 * messages. A form Remix posts reads the page again itself.
 */
export function useRefresh(): () => void {
  const revalidator = useRevalidator()
  const again = useRef(false)
  const leaving = useRef(false)
  useEffect(() => {
    // Bubbling to the window: a form Remix handles has prevented its default by then.
    const onSubmit = (event: SubmitEvent) => {
      if (!event.defaultPrevented) leaving.current = true
    }
    const onShow = () => (leaving.current = false)
    window.addEventListener('submit', onSubmit)
    window.addEventListener('pageshow', onShow)
    return () => {
      window.removeEventListener('submit', onSubmit)
      window.removeEventListener('pageshow', onShow)
    }
  }, [])
  useEffect(() => {
    if (revalidator.state === 'idle' && again.current) {
      again.current = false
      revalidator.revalidate()
    }
  }, [revalidator])
  return useCallback(() => {
    if (leaving.current) return
    if (revalidator.state === 'idle') revalidator.revalidate()
    else again.current = true
  }, [revalidator])
}
