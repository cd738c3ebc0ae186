// `/brand/{key}/customization/image/{slot}`: the Image Crop modal of a brand image (logo, hero,
// login background, grid images 2–7). Crop and Reset save and stay; Save saves and closes.
import { ImageCropForm } from '#app/features/files/components'
import { SLOT_SPECS } from '#app/features/files'
import { RouteDialog } from '#app/ui/dialog'
import { useActionData, useLoaderData, useLocation, useParams } from '@remix-run/react'
import type { action, loader } from './customization-image.server'

export default function BrandImageCrop() {
  const { slot, image } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const params = useParams()
  const location = useLocation()
  return (
    <RouteDialog title="Image Crop" closeTo={`/brand/${params.brandKey}/customization${location.search}`}>
      <p className="-mt-2 mb-3 text-sm text-muted">{SLOT_SPECS[slot].label}</p>
      <ImageCropForm
        image={image}
        spec={SLOT_SPECS[slot]}
        cancelTo={`/brand/${params.brandKey}/customization${location.search}`}
        error={actionData?.error}
      />
    </RouteDialog>
  )
}
