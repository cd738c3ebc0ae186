// `/brand/{key}/chat`: the chat page, for JavaScript off as much as on (docs/decisions/056): the
// brand's contacts and group chats as links beside the conversation on screen. With JavaScript the
// conversation is live; the list is what the page's loader read.
import { LiveConversationList } from '#app/features/chat/components/chat-bar'
import { ButtonLink } from '#app/ui/button'
import type { FrameHandle } from '#app/ui/frame-handle'
import { type MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData, useParams } from '@remix-run/react'
import type { loader } from './chat-layout.server'

export const meta: MetaFunction = () => [{ title: 'Chat · Brand Portal' }]

export const handle: FrameHandle = {
  title: 'Chat',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}`,
}

export default function ChatPage() {
  const { bar } = useLoaderData<typeof loader>()
  const params = useParams()
  const base = `/brand/${bar.brand}/chat`
  return (
    <div className="flex h-[calc(100vh-11rem)] min-h-[32rem] overflow-hidden rounded-lg border border-line bg-white">
      <nav aria-label="Conversations" className="flex w-80 shrink-0 flex-col border-r border-line">
        <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
          <h2 className="font-medium">Conversations</h2>
          <ButtonLink to={`${base}/new-group`} variant="secondary" className="px-3 py-1 text-xs">
            New group chat
          </ButtonLink>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <LiveConversationList initial={bar} hrefOf={(key) => `${base}/${key}`} active={params.conversation ?? null} />
        </div>
      </nav>
      <div className="flex min-w-0 flex-1 flex-col">
        <Outlet />
      </div>
    </div>
  )
}
