// `/brand/{key}/chat/{conversation}`: one conversation. Without JavaScript its forms post here and
// the page reloads to show the new message; with JavaScript the same view sends over the socket.
// Opening the page reads the conversation (its unread count and notifications settle).
import { ConversationView } from '#app/features/chat/components/conversation-view'
import type { FrameHandle } from '#app/ui/frame-handle'
import { Avatar } from '#app/ui/misc'
import { Outlet, useActionData, useLoaderData, useNavigate } from '@remix-run/react'
import type { action, loader } from './conversation.server'

export const handle: FrameHandle = {
  title: 'Chat',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/chat`,
}

export default function Conversation() {
  const { page, before, selfKey } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const summary = page.conversation!
  const base = `/brand/${summary.brand}/chat/${summary.key}`
  const others = summary.members.filter((member) => member.key !== selfKey)
  const navigate = useNavigate()
  return (
    <>
      <ConversationView
        key={`${summary.key}:${before ?? ''}`}
        target={{ conversation: summary.key }}
        selfKey={selfKey}
        initial={page}
        formError={actionData?.formError ?? null}
        // Deleted here or by someone else: back to the list, where it is gone.
        onThreadDeleted={() => navigate(`/brand/${summary.brand}/chat`)}
        links={{
          send: base,
          older: (seq) => `${base}?before=${seq}`,
          deleteMessage: (key) => `${base}/delete-message/${key}`,
          deleteThread: `${base}/delete`,
          sendFiles: true,
        }}
        header={
          <div className="flex items-center gap-3">
            {summary.kind === 'direct' && others[0] ? (
              <Avatar name={others[0].name} src={others[0].profilePictureUrl} size={36} />
            ) : null}
            <div className="min-w-0">
              <h2 className="truncate font-medium" data-testid="conversation-title">
                {summary.title}
              </h2>
              {summary.kind === 'group' ? (
                <p className="truncate text-xs text-muted" data-testid="conversation-members">
                  {summary.members.map((member) => member.name).join(', ')}
                </p>
              ) : null}
            </div>
          </div>
        }
      />
      <Outlet />
    </>
  )
}
