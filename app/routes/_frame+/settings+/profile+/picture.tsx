// `/settings/profile/picture`: the Image Crop modal for the account's own profile picture
// (circular crop, aspect 1, JPEG; access.md §9). Crop and Reset save and stay; Save closes.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ImageCropForm } from '#app/features/files/components/image-crop'
import { RouteDialog } from '#app/ui/dialog'
import { PROFILE_PICTURE_SPEC } from '#app/features/files/crop'
import { attemptImageChange, refusedUploadHeaders, withCropSubmission } from '#app/features/files/image-form.server'
import { guard, redirectWithToast } from '#app/platform/session.server'
import {
  getProfilePicture,
  resetProfilePicture,
  setProfilePicture,
} from '#app/features/identity/profile-picture.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  return json({ image: await getProfilePicture(context.deps, actor) })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await guard(request, context)
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

export default function ProfilePictureCrop() {
  const { image } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <RouteDialog title="Image Crop" closeTo="/settings/profile">
      <ImageCropForm image={image} spec={PROFILE_PICTURE_SPEC} cancelTo="/settings/profile" error={actionData?.error} />
    </RouteDialog>
  )
}
