// The server side of brand-edit.tsx: what its route loads and does.
import { BRAND_FORMS, type BrandFormIntent } from '#app/features/brands/brand-schemas'
import { getBrand, updateBrand } from '#app/features/brands/brands.server'
import { continueAfterSave, isOnboardingContinue } from '#app/features/teams/index.server'
import { brandPage, brandGrantTypes } from '#app/platform/access/permissions'
import { parseForm } from '#app/platform/forms'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { settingsTabs } from '#app/ui/settings-tab-rules'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

export const access = brandPage('brand.edit')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brand = await run(() => getBrand(context.deps, actor, params.brandKey!))
  return json({ brand, tabs: settingsTabs(brand.key, brandGrantTypes(actor.grants, brand.key)) })
}

function isIntent(value: unknown): value is BrandFormIntent {
  return typeof value === 'string' && value in BRAND_FORMS
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const intent = formData.get('intent')
  if (!isIntent(intent)) {
    return json({ intent: null, result: null, message: 'Unknown form.' }, { status: 400 })
  }
  const submission = parseForm(formData, BRAND_FORMS[intent])
  if (submission.status !== 'success') {
    return json({ intent, result: submission.reply(), message: null }, { status: 400 })
  }
  const changes =
    intent === 'profile'
      ? submission.value
      : intent === 'headquarters'
        ? { address: submission.value }
        : { contact: submission.value }
  await run(() => updateBrand(context.deps, actor, params.brandKey!, changes))
  const saved = { kind: 'success', message: 'Brand has been updated' } as const
  // The onboarding stepper's Continue submitted this form: saved, now on to the next step.
  if (isOnboardingContinue(formData)) {
    return continueAfterSave(request, context, actor, 'company', params.brandKey!, saved)
  }
  return redirectWithToast(request, context, `/brand/${params.brandKey}/edit`, saved)
}
