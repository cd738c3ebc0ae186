// `/settings/profile/picture`: the Image Crop modal for the account's own profile picture
// (circular crop, aspect 1, JPEG; access.md §9). Crop and Reset save and stay; Save closes.
import { ImageCropForm } from '#app/features/files/components'
import { PROFILE_PICTURE_SPEC } from '#app/features/files'
import { RouteDialog } from '#app/ui/dialog'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { action, loader } from './settings-profile-picture.server'

export default function ProfilePictureCrop() {
  const { image } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <RouteDialog title="Image Crop" closeTo="/settings/profile">
      <ImageCropForm image={image} spec={PROFILE_PICTURE_SPEC} cancelTo="/settings/profile" error={actionData?.error} />
    </RouteDialog>
  )
}
