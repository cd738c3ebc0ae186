// The local mail outbox, for developers running without SMTP_URL. Invite mail holds invite links,
// so it is never served in production nor behind a proxy and, in development, only to this
// machine (loopback): see outboxServedTo.
import { type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import type { loader } from './dev-outbox.server'

export const meta: MetaFunction = () => [{ title: 'Outbox · Brand Portal' }]

export default function Outbox() {
  const { messages } = useLoaderData<typeof loader>()
  return (
    <main className="mx-auto max-w-3xl space-y-4 p-8">
      <h1 className="text-2xl font-semibold">Outbox</h1>
      <p className="text-sm text-muted">Mail the portal sent in development (newest first). Set SMTP_URL to send it.</p>
      {messages.length === 0 ? (
        <p className="text-sm">No mail yet.</p>
      ) : (
        <ul className="space-y-4">
          {messages.map((mail) => (
            <li key={mail.id} className="rounded border border-line p-4">
              <p className="text-sm text-muted">
                To {mail.to} · {new Date(mail.sentAt).toLocaleString()}
              </p>
              <h2 className="font-medium">{mail.subject}</h2>
              <pre className="mt-2 whitespace-pre-wrap text-sm">{mail.text}</pre>
            </li>
          ))}
        </ul>
      )}
    </main>
  )
}
