// The server side of settings-profile-picture.tsx: what its route loads and does.
import { attemptImageChange, refusedUploadHeaders, withCropSubmission } from '#app/features/files/index.server'
import {
  getProfilePicture,
  resetProfilePicture,
  setProfilePicture,
} from '#app/features/identity/profile-picture.server'
import { guard, redirectWithToast } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { signedInPage } from '#app/platform/access/permissions'

export const access = signedInPage

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  return json({ image: await getProfilePicture(context.deps, actor) })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  return withCropSubmission(request, context, async (submission) => {
    if (!submission.ok) {
      const init = { status: submission.status, headers: refusedUploadHeaders(submission.status) }
      return json({ error: submission.message }, init)
    }
    const outcome = await attemptImageChange(() =>
      submission.intent === 'reset'
        ? resetProfilePicture(context.deps, actor)
        : setProfilePicture(context.deps, actor, { file: submission.file, crop: submission.crop }),
    )
    if (!outcome.ok) return json({ error: outcome.message }, { status: outcome.status })
    const target = submission.intent === 'save' ? '/settings/profile' : '/settings/profile/picture'
    return redirectWithToast(request, context, target, { kind: 'success', message: 'Profile picture has been updated' })
  })
}
