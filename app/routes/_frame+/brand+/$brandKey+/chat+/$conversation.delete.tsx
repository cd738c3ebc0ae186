// `/brand/{key}/chat/{conversation}/delete`: the confirmation of deleting a whole conversation
// with its messages for everyone in it, or of leaving it (docs/decisions/145 says which).
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { DELETE_THREAD_QUESTION, LEAVE_CONVERSATION_QUESTION } from '#app/features/chat/components/conversation-view'
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { CONVERSATION_LEFT, THREAD_DELETED } from '#app/features/chat/schemas'
import { deleteThread, listMessages } from '#app/features/chat/chat.server'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
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
  const actor = await guard(request, context)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const { removal } = await run(() => deleteThread(context.deps, actor, params.conversation!))
  return redirectWithToast(request, context, `/brand/${params.brandKey}/chat`, {
    kind: 'success',
    message: removal === 'leave' ? CONVERSATION_LEFT : THREAD_DELETED,
  })
}

export default function DeleteConversation() {
  const { brandKey, conversation, title, leave } = useLoaderData<typeof loader>()
  const label = leave ? 'Leave conversation' : 'Delete conversation'
  return (
    <ConfirmDialog title={label} closeTo={`/brand/${brandKey}/chat/${conversation}`} confirmLabel={label}>
      <p>{leave ? LEAVE_CONVERSATION_QUESTION : DELETE_THREAD_QUESTION}</p>
      <p className="text-sm text-muted">{title}</p>
    </ConfirmDialog>
  )
}
