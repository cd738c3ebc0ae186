// `/brand/{key}/chat` with no conversation chosen; its action opens the direct chat with a member
// (the contact card's Message and the chat page's contacts post here) and goes to it.
import { EmptyState } from '#app/ui/misc'

export default function ChatIndex() {
  return (
    <div className="flex flex-1 items-center justify-center p-6">
      <EmptyState title="Choose a conversation.">Pick a contact or a group chat to read and write messages.</EmptyState>
    </div>
  )
}
