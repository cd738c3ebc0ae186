// The server side of message-delete.tsx: what its route loads and does.
import { deleteMessage, listMessages } from '#app/features/chat/chat.server'
import { MESSAGE_DELETE_FAILED, MESSAGE_DELETED } from '#app/features/chat/schemas'
import { isAppError } from '#app/platform/errors'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// A conversation, new group chat, deletes
export const access = brandPage('message.send')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  // Only a member of the conversation gets this far.
  await run(() => listMessages(context.deps, actor, params.conversation!, { limit: 1, brand: params.brandKey! }))
  return json({ brandKey: params.brandKey!, conversation: params.conversation! })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const back = `/brand/${params.brandKey}/chat/${params.conversation}`
  try {
    await deleteMessage(context.deps, actor, params.message!)
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error
    return redirectWithToast(request, context, back, { kind: 'error', message: MESSAGE_DELETE_FAILED })
  }
  return redirectWithToast(request, context, back, { kind: 'success', message: MESSAGE_DELETED })
}
