// The comment thread of an object (a style, a listing, a reference): the conversation view over
// `chat:watch { model, model_id }` and GET /api/message/query/object. Readers of the object see it;
// the composer shows only to those who may write (docs/decisions/048).
import type { ThreadModel } from '#app/features/chat/schemas'
import { ConversationView, type ConversationLinks } from './conversation-view'
import type { ConversationProps } from './use-conversation'
import type { MessagePage } from './chat-client'

export function CommentThread({
  model,
  modelId,
  selfKey,
  initial,
  title = 'Comments',
  links,
  messageAction,
  className = '',
}: {
  model: ThreadModel
  modelId: string
  /** The signed-in account (the frame loader's `account.key`): its messages get Delete. */
  selfKey: string
  /** The thread's newest page from the page's loader (listThreadMessages), so it shows without JavaScript. */
  initial?: MessagePage | null
  title?: string
  /** The page's own form actions and links, for the thread to work without JavaScript too. */
  links?: ConversationLinks
  /** An action of the page on each message, beside its time. */
  messageAction?: ConversationProps['messageAction']
  className?: string
}) {
  return (
    <div className={`flex min-h-[24rem] flex-col rounded-lg border border-line bg-white ${className}`}>
      <ConversationView
        key={`${model}:${modelId}`}
        target={{ model, model_id: modelId }}
        selfKey={selfKey}
        initial={initial}
        links={links}
        messageAction={messageAction}
        header={<h2 className="text-sm font-medium">{title}</h2>}
      />
    </div>
  )
}
