// `/brand/{key}/chat/{conversation}`: one conversation. Without JavaScript its forms post here and
// the page reloads to show the new message; with JavaScript the same view sends over the socket.
// Opening the page reads the conversation (its unread count and notifications settle).
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useActionData, useLoaderData, useNavigate } from '@remix-run/react'
import { ConversationView } from '#app/features/chat/components/conversation-view'
import { Avatar } from '#app/ui/misc'
import { isAppError } from '#app/platform/errors'
import { guard, requireCsrf, run } from '#app/platform/session.server'
import { listMessages, markConversationRead, sendMessage } from '#app/features/chat/chat.server'
import { receiveChatForm } from '#app/features/chat/chat-attachments.server'
import { fileChecked } from '#app/features/files/files.server'
import type { FrameHandle } from '#app/ui/frame-handle'

export const handle: FrameHandle = {
  title: 'Chat',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/chat`,
}

/** How long the page waits for an attached file's check before answering. */
const ATTACHMENT_CHECK_WAIT_MS = 20_000

function beforeOf(request: Request): number | undefined {
  const raw = new URL(request.url).searchParams.get('before')
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const before = beforeOf(request)
  const page = await run(() =>
    listMessages(context.deps, actor, params.conversation!, { before, brand: params.brandKey! }),
  )
  if (before === undefined) await run(() => markConversationRead(context.deps, actor, params.conversation!))
  return json({ page, before: before ?? null, selfKey: actor.key })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  try {
    // With a file, the form is multipart: the file streams through the file pipeline and the
    // message goes once its check has ended (a refused file is shown, nothing is sent).
    const { fields, file } = await receiveChatForm(context.deps, actor, request, {
      conversation: params.conversation!,
      brand: params.brandKey!,
      verify: (formData) => requireCsrf(request, context, formData),
    })
    const attachment = file ? (await fileChecked(context.deps, file.key, ATTACHMENT_CHECK_WAIT_MS)).key : undefined
    await sendMessage(context.deps, actor, {
      conversation: params.conversation,
      text: fields.get('text') ?? '',
      attachment,
    })
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error
    // The field's own message ("Cannot add html tags.") without its field name.
    const message = error.fields?.text?.[0] ?? error.message.replace(/^(text|attachment): /, '')
    return json({ formError: message.charAt(0).toUpperCase() + message.slice(1) }, { status: error.status })
  }
  return redirect(`/brand/${params.brandKey}/chat/${params.conversation}`)
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
