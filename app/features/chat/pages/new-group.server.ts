// The server side of new-group.tsx: what its route loads and does.
import { chatBar, createGroupChat } from '#app/features/chat/chat.server'
import { formErrorReply } from '#app/platform/form-errors.server'
import { parseForm } from '#app/platform/forms'
import { guard, requireCsrf, run } from '#app/platform/session.server'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { GroupChatForm } from './new-group.shared'
import { brandPage } from '#app/platform/access/permissions'

// A conversation, new group chat, deletes
export const access = brandPage('message.send')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const bar = await run(() => chatBar(context.deps, actor, params.brandKey!))
  const contacts = [...bar.contacts]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((contact) => ({ key: contact.key, name: contact.name, picture: contact.profilePictureUrl }))
  return json({ brandKey: params.brandKey!, contacts })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const submission = parseForm(formData, GroupChatForm)
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  try {
    const group = await createGroupChat(context.deps, actor, params.brandKey!, submission.value)
    return redirect(`/brand/${params.brandKey}/chat/${group.key}`)
  } catch (error) {
    return formErrorReply(submission, error)
  }
}
