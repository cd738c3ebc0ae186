// The server side of chat-layout.tsx: what its route loads and does.
import { chatBar } from '#app/features/chat/chat.server'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const bar = await run(() => chatBar(context.deps, actor, params.brandKey!))
  return json({ bar, selfKey: actor.key })
}
