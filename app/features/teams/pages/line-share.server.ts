// The server side of line-share.tsx: what its route loads and does.
import { listShareableLines, shareLine } from '#app/features/teams/line-share.server'
import { mayChoosePermission, SHARE_MESSAGES, ShareLineSchema } from '#app/features/teams/share-line-schemas'
import { isAppError } from '#app/platform/errors'
import { formErrorReply } from '#app/platform/form-errors.server'
import { parseForm } from '#app/platform/forms'
import { guard, redirectWithToast, requireCsrf, run, type Toast } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// The share-line modal: decided, whoever may invite may share (docs/decisions/073)
export const access = brandPage('invite.send')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const lines = await run(() => listShareableLines(context.deps, actor, brandKey))
  const asked = new URL(request.url).searchParams.get('line')
  const line = lines.find((candidate) => candidate.key === asked) ?? null
  return json({ brandKey, lines, line, showPermissions: mayChoosePermission(actor) })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const submission = parseForm(formData, ShareLineSchema)
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  const lines = await run(() => listShareableLines(context.deps, actor, brandKey))
  const lineName = lines.find((line) => line.key === submission.value.line)?.name ?? 'line'
  let outcome
  try {
    outcome = await shareLine(context.deps, actor, brandKey, submission.value)
  } catch (error) {
    if (isAppError(error) && error.type === 'ValidationError') return formErrorReply(submission, error)
    if (!isAppError(error) || error.status >= 500) throw error
    return json(submission.reply({ formErrors: [SHARE_MESSAGES.shareError(lineName), error.message] }), {
      status: error.status,
    })
  }
  const toasts: Toast[] = []
  if (outcome.team.created) toasts.push({ kind: 'info', message: SHARE_MESSAGES.creatingTeam(outcome.team.name) })
  toasts.push({ kind: 'success', message: SHARE_MESSAGES.invited(outcome.invite.email, outcome.line.name) })
  toasts.push(
    outcome.mailError
      ? { kind: 'error', message: SHARE_MESSAGES.sendError }
      : { kind: 'success', message: SHARE_MESSAGES.delivered(outcome.invite.email) },
  )
  return redirectWithToast(request, context, `/brand/${brandKey}/products`, toasts)
}
