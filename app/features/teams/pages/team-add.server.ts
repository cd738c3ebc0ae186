// The server side of team-add.tsx: what its route loads and does.
import { createInvite, INVITE_MESSAGES, sendInviteEmail } from '#app/features/teams/invites.server'
import { type AddMemberMode } from '#app/features/teams/team-rules'
import { addMemberSchema } from '#app/features/teams/team-schemas'
import { listInviteChoices } from '#app/features/teams/teams.server'
import { isAppError } from '#app/platform/errors'
import { formErrorReply } from '#app/platform/form-errors.server'
import { parseForm } from '#app/platform/forms'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

export const access = brandPage('team.manage')

function modeOf(request: Request): AddMemberMode {
  return new URL(request.url).searchParams.get('job_type') === 'guest' ? 'guest' : 'admin'
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const choices = await run(() => listInviteChoices(context.deps, actor, params.brandKey!))
  return json({ brandKey: params.brandKey!, mode: modeOf(request), ...choices })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const choices = await run(() => listInviteChoices(context.deps, actor, brandKey))
  const schema = addMemberSchema({ lines: choices.lines.length > 0, collections: choices.collections.length > 0 })
  const submission = parseForm(formData, schema)
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  const value = submission.value
  let invite
  try {
    invite = await createInvite(context.deps, actor, { ...value, brand: brandKey })
  } catch (error) {
    // The invites service words its refusals as the spec does; show them on the form.
    return formErrorReply(submission, error)
  }
  const teamPage = `/brand/${brandKey}/team`
  try {
    const sent = await sendInviteEmail(context.deps, actor, invite.key)
    // The spec's two success toasts, in their order.
    return redirectWithToast(request, context, teamPage, [
      { kind: 'success', message: INVITE_MESSAGES.created },
      { kind: 'success', message: INVITE_MESSAGES.delivered(sent.email) },
    ])
  } catch (error) {
    // The invite exists (its URL can be copied from the Invited badge); only the e-mail failed.
    const message = isAppError(error) ? error.message : INVITE_MESSAGES.sendError
    return redirectWithToast(request, context, teamPage, { kind: 'error', message })
  }
}
