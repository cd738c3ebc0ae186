// The question a conversation asks before deleting a message or the whole conversation, in place.
import { buttonClass } from '#app/ui/button'

export const DELETE_MESSAGE_QUESTION = 'Delete this message?'
export const DELETE_THREAD_QUESTION = 'Delete this conversation and all its messages for everyone in it?'
export const LEAVE_CONVERSATION_QUESTION = 'Leave this conversation? It disappears from your list; the others keep it.'

export function Confirm({
  question,
  label,
  onConfirm,
  onCancel,
}: {
  question: string
  label: string
  onConfirm: () => void
  onCancel: () => void
}) {
  return (
    <div role="alertdialog" aria-label={question} className="my-2 rounded-md border border-line bg-canvas p-3 text-sm">
      <p>{question}</p>
      <div className="mt-2 flex justify-end gap-2">
        <button type="button" className={buttonClass('secondary', 'px-3 py-1')} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={buttonClass('danger', 'px-3 py-1')} onClick={onConfirm} autoFocus>
          {label}
        </button>
      </div>
    </div>
  )
}
