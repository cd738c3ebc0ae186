// `/brand/{key}/chat/{conversation}/delete`: the confirmation of deleting a whole conversation
// with its messages for everyone in it, or of leaving it (docs/decisions/145 says which).
import { DELETE_THREAD_QUESTION, LEAVE_CONVERSATION_QUESTION } from '#app/features/chat/components/conversation-view'
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { useLoaderData } from '@remix-run/react'
import type { loader } from './conversation-delete.server'

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
