// The server side of chat-layout.tsx: what its route loads and does.
import { chatBar } from '#app/features/chat/chat.server'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// The chat page without JavaScript (docs/decisions/056); members of the brand chat
export const access = brandPage('message.send')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const bar = await run(() => chatBar(context.deps, actor, params.brandKey!))
  return json({ bar, selfKey: actor.key })
}
