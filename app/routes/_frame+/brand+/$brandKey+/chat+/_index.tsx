// `/brand/{key}/chat` with no conversation chosen; its action opens the direct chat with a member
// (the contact card's Message and the chat page's contacts post here) and goes to it.
import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { EmptyState } from '#app/ui/misc'
import { guard, requireCsrf, run } from '#app/platform/session.server'
import { openDirectChat } from '#app/features/chat/chat.server'

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const account = formData.get('account')
  const conversation = await run(() =>
    openDirectChat(context.deps, actor, params.brandKey!, typeof account === 'string' ? account : ''),
  )
  return redirect(`/brand/${params.brandKey}/chat/${conversation.key}`)
}

export default function ChatIndex() {
  return (
    <div className="flex flex-1 items-center justify-center p-6">
      <EmptyState title="Choose a conversation.">Pick a contact or a group chat to read and write messages.</EmptyState>
    </div>
  )
}
