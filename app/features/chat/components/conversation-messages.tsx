// The messages of a conversation view, oldest to newest: the link to the older page, each message
// with its Delete and "Seen", the messages still on their way, and the loading and empty states.
import { formatWhen } from '#app/platform/format'
import { PaperclipIcon } from '#app/ui/icons'
import { Avatar } from '#app/ui/misc'
import { Link } from '@remix-run/react'
import type { MessageView } from './chat-client'
import { Confirm, DELETE_MESSAGE_QUESTION } from './conversation-confirm'
import { MessageAttachment } from './message-attachment'
import type { ConversationProps } from './use-conversation'
import type { ConversationFeed } from './use-conversation-feed'
import type { Deletions } from './use-deletions'
import type { MessageScroll } from './use-message-scroll'
import type { Pending, SendQueue } from './use-send-queue'

/** The friendly empty state of a conversation (docs/decisions/059). */
export const NO_MESSAGES = 'No messages yet. Say hello!'

/** What the page gives every message: whose messages get Delete, its links and its own action. */
type FromPage = Pick<ConversationProps, 'selfKey' | 'links' | 'messageAction'>

export function MessageLog({
  selfKey,
  links,
  messageAction,
  feed,
  queue,
  scroll,
  deletions,
}: FromPage & { feed: ConversationFeed; queue: SendQueue; scroll: MessageScroll; deletions: Deletions }) {
  const { messages, before, loading, loadError, seenSeq } = feed
  const { pending } = queue
  const last = messages.at(-1)
  const seen = last && last.senderKey === selfKey && pending.length === 0 && seenSeq >= last.seq
  return (
    <div
      ref={scroll.scroller}
      onScroll={scroll.onScroll}
      className="min-h-0 flex-1 overflow-y-auto px-4 py-3"
      data-testid="messages"
      // Scrollable content must be reachable by keyboard.
      tabIndex={0}
      role="log"
      aria-label="Messages"
      aria-busy={loading || undefined}
    >
      {loading ? (
        <MessagesLoading />
      ) : loadError ? (
        <p className="py-8 text-center text-sm text-red-700">{loadError}</p>
      ) : (
        <>
          {before ? (
            <div className="mb-3 text-center">
              <Link
                to={links?.older(before) ?? '#'}
                className="text-xs text-muted underline underline-offset-4 hover:text-ink"
                onClick={(event) => {
                  event.preventDefault()
                  void scroll.loadOlder()
                }}
              >
                {scroll.loadingOlder ? 'Loading…' : 'Older messages'}
              </Link>
            </div>
          ) : null}
          {messages.length === 0 && pending.length === 0 ? (
            <p className="py-10 text-center text-sm text-muted">{NO_MESSAGES}</p>
          ) : (
            <ol className="flex flex-col gap-4">
              {messages.map((message) => (
                <MessageItem
                  key={message.key}
                  message={message}
                  seen={message === last && Boolean(seen)}
                  selfKey={selfKey}
                  links={links}
                  messageAction={messageAction}
                  deletions={deletions}
                />
              ))}
              {pending.map((entry) => (
                <PendingItem key={entry.client_key} entry={entry} />
              ))}
            </ol>
          )}
        </>
      )}
    </div>
  )
}

function MessageItem({
  message,
  seen,
  selfKey,
  links,
  messageAction,
  deletions,
}: FromPage & {
  message: MessageView
  /** The newest message, one's own, read by the others. */
  seen: boolean
  deletions: Deletions
}) {
  const own = message.senderKey === selfKey
  return (
    <li
      data-testid="message"
      data-own={own || undefined}
      className={`group flex gap-3 ${own ? 'flex-row-reverse' : ''}`}
    >
      <Avatar name={message.sender} src={message.profilePictureUrl} size={32} />
      <div className={`flex min-w-0 max-w-[85%] flex-col ${own ? 'items-end' : 'items-start'}`}>
        <p className={`flex min-w-0 max-w-full items-baseline gap-2 text-sm ${own ? 'flex-row-reverse' : ''}`}>
          <span data-toast-clear className="truncate font-medium">
            {message.sender}
          </span>
          {/* In the viewer's time zone, which the server does not know. */}
          <time
            dateTime={message.created}
            className="shrink-0 whitespace-nowrap text-xs text-muted"
            suppressHydrationWarning
          >
            {formatWhen(message.created)}
          </time>
        </p>
        <p
          className={`mt-1 whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm leading-relaxed ${
            own ? 'rounded-tr-sm bg-ink text-white' : 'rounded-tl-sm border border-line bg-white'
          }`}
          data-testid="message-text"
        >
          {message.text}
        </p>
        <MessageAttachment message={message} />
        {own || messageAction ? (
          // Under the message, so a narrow thread (a side panel) keeps its name and time on
          // one line. Delete shows on the message one points at or tabs to (always on a
          // touch screen), so a list of one's own messages is not a column of Delete links.
          <p className={`mt-1 flex flex-wrap gap-x-3 text-xs ${own ? 'justify-end' : ''}`}>
            {messageAction?.(message)}
            {own ? (
              <Link
                to={links?.deleteMessage(message.key) ?? '#'}
                className="whitespace-nowrap text-muted underline-offset-4 opacity-0 transition-opacity hover:text-red-700 hover:underline focus:opacity-100 group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:none)]:opacity-100"
                onClick={(event) => {
                  event.preventDefault()
                  deletions.ask(message.key)
                }}
              >
                Delete
              </Link>
            ) : null}
          </p>
        ) : null}
        {deletions.confirming === message.key ? (
          <Confirm
            question={DELETE_MESSAGE_QUESTION}
            onConfirm={() => deletions.deleteMessage(message.key)}
            onCancel={deletions.cancel}
            label="Delete"
          />
        ) : null}
        {seen ? (
          <p className="mt-1 text-xs text-muted" data-testid="seen">
            Seen
          </p>
        ) : null}
      </div>
    </li>
  )
}

function PendingItem({ entry }: { entry: Pending }) {
  return (
    <li data-testid="pending-message" className="flex gap-3 opacity-70">
      <Avatar name="You" size={32} />
      <div className="min-w-0 flex-1">
        <p className="text-xs text-muted">{entry.failed ? 'Not sent' : 'Sending…'}</p>
        <p className="whitespace-pre-wrap break-words text-sm">{entry.text}</p>
        {entry.attachment ? (
          <p className="mt-1 flex items-center gap-1 text-xs text-muted">
            <PaperclipIcon width={14} height={14} />
            {entry.attachment.name}
          </p>
        ) : null}
        {entry.failed ? (
          <p className="text-xs text-red-700" role="alert">
            {entry.failed}
          </p>
        ) : null}
      </div>
    </li>
  )
}

function MessagesLoading() {
  return (
    <div className="flex flex-col gap-4" data-testid="messages-loading" aria-label="Loading messages">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex animate-pulse gap-3">
          <span className="h-8 w-8 shrink-0 rounded-full bg-black/10" />
          <div className="flex-1 space-y-2">
            <span className="block h-3 w-1/3 rounded bg-black/10" />
            <span className="block h-3 w-2/3 rounded bg-black/5" />
          </div>
        </div>
      ))}
      <span className="sr-only">Loading messages…</span>
    </div>
  )
}
