// What the review page's waiting list says of each of its forms posted offline (app/ui/offline-forms.tsx),
// and which ones cannot wait: deleting a sample is done with the connection or not at all.
import { STATE_LABEL } from './feedback-tab'

export function describeReviewForm(form: FormData): string | null {
  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  switch (field('intent')) {
    case 'status':
      return `Status: ${field('status')}`
    case 'lock':
      return 'Lock as Final'
    case 'reopen':
      return 'Reopen'
    case 'rename':
      return `Rename to “${field('name').trim()}”`
    case 'delete':
      return null
    case 'annotate':
      return 'Annotation'
    case 'raise':
      return 'New change request'
    case 'feedback': {
      const state = (STATE_LABEL as Record<string, string | undefined>)[field('state')]
      return state ? `Change request: ${state}` : 'Change request changed'
    }
    case 'round-start':
      return 'Start a review round'
    case 'round-end':
      return field('outcome') === 'approved' ? 'End the round: Approve' : 'End the round: Request changes'
    case 'resolve-pin':
      return field('resolved') === 'true' ? 'Resolve pin' : 'Reopen pin'
    default:
      return form.has('text') ? 'Comment' : 'A change'
  }
}
