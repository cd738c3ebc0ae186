// The server side of settings-profile-layout.tsx: what its route loads and does.
import { getAccount, updateAccount } from '#app/features/identity/account-profile.server'
import { PersonalProfileSchema, type PersonalProfile } from '#app/features/identity/account-schemas'
import { continueAfterSave, isOnboardingContinue } from '#app/features/teams/index.server'
import { parseForm } from '#app/platform/forms'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { signedInPage } from '#app/platform/access/permissions'

export const access = signedInPage

const PROFILE_UPDATED = 'Profile has been updated'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const account = await run(() => getAccount(context.deps, actor, actor.key))
  return json({ account, isAdmin: actor.role === 'admin' })
}

/** What the form sends, as the account update: emptied optional fields are cleared. */
function toAccountUpdate(value: PersonalProfile) {
  return {
    first: value.first,
    last: value.last,
    title: value.title,
    department: value.department,
    date_format: value.date_format,
    language: value.language,
    username: value.username ?? null,
    employee_number: value.employee_number ?? null,
    contact_number: value.contact_number ?? null,
    mobile_number: value.mobile_number ?? null,
    country: value.country ?? null,
    ...(value.job_type !== undefined && { job_type: value.job_type }),
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const submission = parseForm(formData, PersonalProfileSchema)
  if (submission.status !== 'success') {
    return json({ result: submission.reply() }, { status: 400 })
  }
  await run(() => updateAccount(context.deps, actor, actor.key, toAccountUpdate(submission.value)))
  const saved = { kind: 'success', message: PROFILE_UPDATED } as const
  // The onboarding stepper's Continue submitted this form: saved, now on to the next step.
  if (isOnboardingContinue(formData)) return continueAfterSave(request, context, actor, 'personal', null, saved)
  return redirectWithToast(request, context, '/settings/profile', saved)
}
