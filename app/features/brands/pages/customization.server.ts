// The server side of customization.tsx: what its route loads and does.
import { BrandingFormSchema, COLOUR_PICKERS, type ColourPickerId } from '#app/features/brands/branding-schemas'
import { getBranding, updateBranding } from '#app/features/brands/branding.server'
import { resolveColour } from '#app/features/brands/colour'
import { brandPage, brandGrantTypes } from '#app/platform/access/permissions'
import { parseForm } from '#app/platform/forms'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { settingsTabs } from '#app/ui/settings-tab-rules'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { colourOf } from './customization.shared'

export const access = brandPage('branding.edit')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const branding = await run(() => getBranding(context.deps, actor, params.brandKey!))
  return json({ ...branding, tabs: settingsTabs(params.brandKey!, brandGrantTypes(actor.grants, params.brandKey!)) })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const { look } = await run(() => getBranding(context.deps, actor, brandKey))
  const submission = parseForm(formData, BrandingFormSchema)
  if (submission.status !== 'success') {
    return json({ errors: { form: 'Check the colours: a hex value has 7 characters, R, G and B up to 3.' } }, 400)
  }
  const values = submission.value as Record<string, string | undefined>
  const errors: Partial<Record<ColourPickerId | 'form', string>> = {}
  const changes = { universal: {} as Record<string, string>, login: {} as Record<string, string> }
  for (const picker of COLOUR_PICKERS) {
    // The saved colour tells which of the picker's fields the user changed.
    const resolved = resolveColour({
      current: colourOf(look, picker.id),
      hex: values[`${picker.id}_hex`],
      r: values[`${picker.id}_r`],
      g: values[`${picker.id}_g`],
      b: values[`${picker.id}_b`],
      picker: values[`${picker.id}_picker`],
    })
    if (resolved.ok) changes[picker.section][picker.field] = resolved.value
    else errors[picker.id] = resolved.message
  }
  if (Object.keys(errors).length > 0) return json({ errors }, 400)
  const layout = submission.value.layout
  await run(() => updateBranding(context.deps, actor, brandKey, { ...changes, ...(layout && { landing: { layout } }) }))
  const tab = submission.value.tab === 'login' ? '?tab=login' : ''
  return redirectWithToast(request, context, `/brand/${brandKey}/customization${tab}`, {
    kind: 'success',
    message: 'Brand has been updated',
  })
}
