// The server side of media-delete.tsx: what its route loads and does.
import { mediaToDelete } from '#app/features/media/media-manage.server'
import { IMAGE_DELETED } from '#app/features/media/media-order'
import { deleteMedia } from '#app/features/media/media.server'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// decided (docs/decisions/100): Delete Image is a dialog route over the manage page, for those who arrange
export const access = brandPage('media.arrange')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const photo = await run(() => mediaToDelete(context.deps, actor, params.brandKey!, params.mediaKey!))
  return json({ brandKey: params.brandKey!, photo })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  await run(() => mediaToDelete(context.deps, actor, params.brandKey!, params.mediaKey!))
  await run(() => deleteMedia(context.deps, actor, params.mediaKey!))
  const url = new URL(request.url)
  url.searchParams.delete('index')
  url.searchParams.delete('_data')
  const back = `/brand/${params.brandKey}/products/media/manage${url.search}`
  return redirectWithToast(request, context, back, { kind: 'success', message: IMAGE_DELETED })
}
