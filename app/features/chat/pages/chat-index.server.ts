// The server side of chat-index.tsx: what its route loads and does.
import { openDirectChat } from '#app/features/chat/chat.server'
import { guard, requireCsrf, run } from '#app/platform/session.server'
import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// The chat page without JavaScript (docs/decisions/056); members of the brand chat
export const access = brandPage('message.send')

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const account = formData.get('account')
  const conversation = await run(() =>
    openDirectChat(context.deps, actor, params.brandKey!, typeof account === 'string' ? account : ''),
  )
  return redirect(`/brand/${params.brandKey}/chat/${conversation.key}`)
}
