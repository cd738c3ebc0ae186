// `/brand/{key}/chat/{conversation}/delete-message/{message}`: the confirmation of deleting one's
// own message (the sender alone sees Delete; the service refuses anyone else).
import { DELETE_MESSAGE_QUESTION } from '#app/features/chat/components/conversation-view'
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { useLoaderData } from '@remix-run/react'
import type { loader } from './message-delete.server'

export default function DeleteMessage() {
  const { brandKey, conversation } = useLoaderData<typeof loader>()
  return (
    <ConfirmDialog title="Delete message" closeTo={`/brand/${brandKey}/chat/${conversation}`} confirmLabel="Delete">
      <p>{DELETE_MESSAGE_QUESTION}</p>
    </ConfirmDialog>
  )
}
