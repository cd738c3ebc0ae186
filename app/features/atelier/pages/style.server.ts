// The server side of style.tsx: what its route loads and does.
import { getStyleSummary, getWizardStyle } from '#app/features/atelier/styles.server'
import { listThreadMessages, sendMessage } from '#app/features/chat/index.server'
import { isAppError } from '#app/platform/errors'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// spec: not shown beyond the general brand rule; any grant on the brand
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const summary = await run(() => getStyleSummary(context.deps, actor, params.brandKey!, params.styleKey!))
  const thread = await run(() => listThreadMessages(context.deps, actor, 'Style', params.styleKey!))
  return json({
    brandKey: params.brandKey!,
    summary,
    thread,
    selfKey: actor.key,
    designer: actor.jobType === 'designer',
  })
}

/** The comment thread's form without JavaScript: a message in the style's thread. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const page = `/brand/${params.brandKey}/style/${params.styleKey}`
  // The style must be this brand's and visible to the actor before anything is written.
  await run(() => getWizardStyle(context.deps, actor, params.brandKey!, params.styleKey!))
  try {
    await sendMessage(context.deps, actor, {
      model: 'Style',
      model_id: params.styleKey!,
      text: String(formData.get('text') ?? ''),
    })
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error
    const message = error.fields?.text?.[0] ?? error.message.replace(/^text: /, '')
    return redirectWithToast(request, context, `${page}#comments`, {
      kind: 'error',
      message: message.charAt(0).toUpperCase() + message.slice(1),
    })
  }
  return redirectWithToast(request, context, `${page}#comments`, { kind: 'success', message: 'Comment posted' })
}
