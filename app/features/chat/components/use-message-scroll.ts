// Scrolling the messages: the newest message stays in view unless the reader scrolled back;
// scrolling back to the top loads the older page, which goes above without moving what is on screen.
import { showToast } from '#app/ui/live-toasts'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { loadPage, type ChatTarget } from './chat-client'
import type { ConversationFeed } from './use-conversation-feed'
import type { Pending } from './use-send-queue'

/** A layout effect in the browser; on the server (which runs neither) no warning. */
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect

export type MessageScroll = ReturnType<typeof useMessageScroll>

export function useMessageScroll(
  target: ChatTarget,
  feed: ConversationFeed,
  pending: Pending[],
  typing: string | null,
) {
  const [loadingOlder, setLoadingOlder] = useState(false)
  const scroller = useRef<HTMLDivElement>(null)
  const stickToBottom = useRef(true)
  const keepOffset = useRef<number | null>(null)
  const { messages, loading, before, targetKey, addOlder } = feed

  useBrowserLayoutEffect(() => {
    const box = scroller.current
    if (!box) return
    if (keepOffset.current !== null) {
      box.scrollTop = box.scrollHeight - keepOffset.current
      keepOffset.current = null
    } else if (stickToBottom.current) {
      box.scrollTop = box.scrollHeight
    }
  }, [messages, pending, loading, typing])

  const loadOlder = useCallback(async () => {
    if (!before || loadingOlder) return
    setLoadingOlder(true)
    try {
      const page = await loadPage(target, before)
      const box = scroller.current
      keepOffset.current = box ? box.scrollHeight - box.scrollTop : null
      addOlder(page)
    } catch {
      showToast({ kind: 'error', message: 'Older messages could not be loaded.' })
    } finally {
      setLoadingOlder(false)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- target is identified by targetKey
  }, [before, loadingOlder, targetKey, addOlder])

  const onScroll = () => {
    const box = scroller.current
    if (!box) return
    stickToBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 48
    if (box.scrollTop < 40) void loadOlder()
  }

  /** One's own message was just sent: the view goes down to it. */
  function stick() {
    stickToBottom.current = true
  }

  return { scroller, onScroll, loadOlder, loadingOlder, stick }
}
