// The state and the live behaviour of one conversation on screen (conversation-view.tsx), in the
// parts the view shows: its messages kept current (use-conversation-feed.ts), the outbox that
// sends again after a reconnect (use-send-queue.ts), typing (use-typing.ts), scrolling and older
// pages (use-message-scroll.ts), the composer (use-composer.ts) and deleting (use-deletions.ts).
import type { ReactNode } from 'react'
import type { ChatTarget, MessagePage, MessageView } from './chat-client'
import { useComposer } from './use-composer'
import { useConversationFeed } from './use-conversation-feed'
import { useDeletions } from './use-deletions'
import { useMessageScroll } from './use-message-scroll'
import { useSendQueue } from './use-send-queue'
import { useTyping } from './use-typing'

/** A message sent before its file is known clean waits for the scan (issue 44). */
export const SENDS_WHEN_SCANNED = 'Your message goes as soon as the scan passes.'

/** Where the forms and links of the view go when JavaScript is off (the chat pages). */
export interface ConversationLinks {
  /** The action that stores a posted message. */
  send: string
  /** The page of messages before `before`. */
  older: (before: number) => string
  /** The confirmation page of deleting a message. */
  deleteMessage: (key: string) => string
  /** The confirmation page of deleting the whole conversation. */
  deleteThread: string
  /** The send action also takes a file (a multipart form with a `file` field). */
  sendFiles?: boolean
}

export interface ConversationProps {
  target: ChatTarget
  selfKey: string
  /** The page the server rendered; without it the view loads the newest page itself. */
  initial?: MessagePage | null
  links?: ConversationLinks
  header?: ReactNode
  /** An action the page adds to each message (the sample's "Mark as change request"). */
  messageAction?: (message: MessageView) => ReactNode
  /** A refusal of the posted form, from the page's action. */
  formError?: string | null
  onThreadDeleted?: () => void
  className?: string
}

// Each part builds on those before it, so they are called, and their effects run, in this order.
export function useConversation({ target, selfKey, initial, formError, onThreadDeleted }: ConversationProps) {
  const feed = useConversationFeed(target, selfKey, initial)
  const queue = useSendQueue(target, selfKey, feed)
  const typing = useTyping(selfKey, feed)
  const scroll = useMessageScroll(target, feed, queue.pending, typing.who)
  const composer = useComposer(feed.targetKey, formError, queue, typing, scroll)
  const deletions = useDeletions(feed, composer.clearError, onThreadDeleted)
  return { feed, queue, typing, scroll, composer, deletions }
}
