// The server side of conversation-delete.tsx: what its route loads and does.
import { deleteThread, listMessages } from '#app/features/chat/chat.server'
import { CONVERSATION_LEFT, THREAD_DELETED } from '#app/features/chat/schemas'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// A conversation, new group chat, deletes
export const access = brandPage('message.send')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const page = await run(() =>
    listMessages(context.deps, actor, params.conversation!, { limit: 1, brand: params.brandKey! }),
  )
  return json({
    brandKey: params.brandKey!,
    conversation: params.conversation!,
    title: page.conversation?.title ?? '',
    leave: page.removal === 'leave',
  })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const { removal } = await run(() => deleteThread(context.deps, actor, params.conversation!))
  return redirectWithToast(request, context, `/brand/${params.brandKey}/chat`, {
    kind: 'success',
    message: removal === 'leave' ? CONVERSATION_LEFT : THREAD_DELETED,
  })
}
