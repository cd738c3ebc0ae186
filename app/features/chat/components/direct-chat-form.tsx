// Starts (or reopens) the direct chat with a member: a form posted to the chat page, which opens
// the conversation and redirects to it, so it works without JavaScript (the contact card's Message).
import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { CsrfField } from '#app/ui/misc'
import { useCsrfToken } from '#app/platform/csrf'

export function DirectChatForm({
  brandKey,
  account,
  className,
  children,
}: {
  brandKey: string
  account: string
  className?: string
  children: ReactNode
}) {
  const csrf = useCsrfToken()
  return (
    <Form method="post" action={`/brand/${brandKey}/chat?index`} className="contents">
      <CsrfField token={csrf} />
      <input type="hidden" name="account" value={account} />
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  )
}
