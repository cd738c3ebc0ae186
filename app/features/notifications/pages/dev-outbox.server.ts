// The server side of dev-outbox.tsx: what its route loads and does.
import { outboxServedTo, readOutbox } from '#app/infra/mailer.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { signedInPage } from '#app/platform/access/permissions'

export const access = signedInPage

export async function loader({ context }: LoaderFunctionArgs) {
  const { env, mailer } = context.deps
  if (!outboxServedTo(env, mailer, context.clientIp) || !mailer.outboxDir) {
    throw json({ error: { type: 'NotFound', message: 'Page not found.' } }, { status: 404 })
  }
  const messages = await readOutbox(mailer.outboxDir)
  return json({ messages: messages.slice(0, 50) }, { headers: { 'Cache-Control': 'no-store' } })
}
