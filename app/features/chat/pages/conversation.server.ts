// The server side of conversation.tsx: what its route loads and does.
import { receiveChatForm } from '#app/features/chat/chat-attachments.server'
import { listMessages, markConversationRead, sendMessage } from '#app/features/chat/chat.server'
import { fileChecked } from '#app/features/files/index.server'
import { isAppError } from '#app/platform/errors'
import { guard, requireCsrf, run } from '#app/platform/session.server'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// A conversation, new group chat, deletes
export const access = brandPage('message.send')

/** How long the page waits for an attached file's check before answering. */
const ATTACHMENT_CHECK_WAIT_MS = 20_000

function beforeOf(request: Request): number | undefined {
  const raw = new URL(request.url).searchParams.get('before')
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const before = beforeOf(request)
  const page = await run(() =>
    listMessages(context.deps, actor, params.conversation!, { before, brand: params.brandKey! }),
  )
  if (before === undefined) await run(() => markConversationRead(context.deps, actor, params.conversation!))
  return json({ page, before: before ?? null, selfKey: actor.key })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  try {
    // With a file, the form is multipart: the file streams through the file pipeline and the
    // message goes once its check has ended (a refused file is shown, nothing is sent).
    const { fields, file } = await receiveChatForm(context.deps, actor, request, {
      conversation: params.conversation!,
      brand: params.brandKey!,
      verify: (formData) => requireCsrf(request, context, formData),
    })
    const attachment = file ? (await fileChecked(context.deps, file.key, ATTACHMENT_CHECK_WAIT_MS)).key : undefined
    await sendMessage(context.deps, actor, {
      conversation: params.conversation,
      text: fields.get('text') ?? '',
      attachment,
    })
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error
    // The field's own message ("Cannot add html tags.") without its field name.
    const message = error.fields?.text?.[0] ?? error.message.replace(/^(text|attachment): /, '')
    return json({ formError: message.charAt(0).toUpperCase() + message.slice(1) }, { status: error.status })
  }
  return redirect(`/brand/${params.brandKey}/chat/${params.conversation}`)
}
