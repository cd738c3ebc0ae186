// The server side of media-upload-detail.tsx: what its route loads and does.
import { mediaPosted } from '#app/features/media/media-upload.server'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const url = new URL(request.url)
  const from = Number(url.searchParams.get('from'))
  const to = Number(url.searchParams.get('to'))
  const valid = Number.isSafeInteger(from) && Number.isSafeInteger(to) && from > 0 && to >= from
  const rows = valid ? await run(() => mediaPosted(context.deps, actor, brandKey, { from, to })) : []
  const collection = url.searchParams.get('collection')
  const page = `/brand/${brandKey}/products/media/upload`
  return json({
    rows,
    closeTo: collection ? `${page}?collection=${encodeURIComponent(collection)}` : page,
    manageTo: `/brand/${brandKey}/products/media/manage`,
  })
}
