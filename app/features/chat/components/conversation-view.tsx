// One conversation on screen: its messages oldest to newest, older pages on scrolling back, and
// the composer. The same view serves the chat bar, the chat page and an object's comment thread.
// Rendered on the server it is plain HTML with forms and links (the page reloads to show new
// messages); in the browser it goes live over the page's socket: messages arrive as they are
// stored, sending waits in an outbox until the server has the message (docs/decisions/057).
import { EmptyState } from '#app/ui/misc'
import { Link } from '@remix-run/react'
import { Confirm, DELETE_THREAD_QUESTION, LEAVE_CONVERSATION_QUESTION } from './conversation-confirm'
import { ConversationComposer } from './conversation-composer'
import { MessageLog } from './conversation-messages'
import { useConversation, type ConversationProps } from './use-conversation'
import type { ConversationFeed } from './use-conversation-feed'
import type { Deletions } from './use-deletions'

export { SENDS_WHEN_SCANNED, type ConversationLinks } from './use-conversation'
export { NO_MESSAGES } from './conversation-messages'
export { DELETE_MESSAGE_QUESTION, DELETE_THREAD_QUESTION, LEAVE_CONVERSATION_QUESTION } from './conversation-confirm'

export function ConversationView(props: ConversationProps) {
  const { target, selfKey, links, header, messageAction, className } = props
  const { feed, queue, typing, scroll, composer, deletions } = useConversation(props)
  if (deletions.deleted) {
    return (
      <div className={`flex flex-1 items-center justify-center p-6 ${className}`}>
        <EmptyState
          title={feed.removal === 'leave' ? 'You left this conversation.' : 'This conversation has been deleted.'}
        />
      </div>
    )
  }
  return (
    <section
      className={`flex min-h-0 flex-1 flex-col ${className}`}
      aria-label="Conversation"
      data-testid="conversation"
      data-live={feed.live || undefined}
    >
      <ConversationHeader target={target} header={header} links={links} feed={feed} deletions={deletions} />
      <MessageLog
        selfKey={selfKey}
        links={links}
        messageAction={messageAction}
        feed={feed}
        queue={queue}
        scroll={scroll}
        deletions={deletions}
      />
      <p className="h-5 px-4 text-xs italic text-muted" aria-live="polite" data-testid="typing">
        {typing.who ? `${typing.who} is typing…` : ''}
      </p>
      {feed.mayPost ? (
        <ConversationComposer composer={composer} links={links} />
      ) : (
        <p className="border-t border-line px-4 py-3 text-xs text-muted">You can read these comments.</p>
      )}
    </section>
  )
}

/** The page's header of the conversation, with Delete (or Leave) conversation and its question. */
function ConversationHeader({
  target,
  header,
  links,
  feed,
  deletions,
}: Pick<ConversationProps, 'target' | 'header' | 'links'> & { feed: ConversationFeed; deletions: Deletions }) {
  const { conversationKey, removal } = feed
  const leave = removal === 'leave'
  return (
    <>
      {header || (conversationKey && removal) ? (
        <div data-toast-avoid className="flex items-center gap-3 border-b border-line px-4 py-3">
          <div className="min-w-0 flex-1">{header}</div>
          {conversationKey && removal && 'conversation' in target ? (
            <Link
              to={links?.deleteThread ?? '#'}
              className="shrink-0 text-xs text-muted underline-offset-4 hover:text-red-700 hover:underline"
              onClick={(event) => {
                event.preventDefault()
                deletions.ask('thread')
              }}
            >
              {leave ? 'Leave conversation' : 'Delete conversation'}
            </Link>
          ) : null}
        </div>
      ) : null}
      {deletions.confirming === 'thread' ? (
        <Confirm
          question={leave ? LEAVE_CONVERSATION_QUESTION : DELETE_THREAD_QUESTION}
          onConfirm={deletions.deleteThread}
          onCancel={deletions.cancel}
          label={leave ? 'Leave conversation' : 'Delete conversation'}
        />
      ) : null}
    </>
  )
}
