// `/brand/{id}/assets_library` and its nested folders, each a URL-encoded path segment
// (atelier.md §1 route table, §2 Asset library, §4 Brand storage). The dialogs are states of
// the page's query (`?dialog=…&item=…`), so each is a link and posts here without JavaScript.
import { AssetLibraryPage, BucketRequired } from '#app/features/assets/components/asset-library'
import type { FrameHandle } from '#app/ui/frame-handle'
import { type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import type { loader } from './assets-library.server'

export const meta: MetaFunction = () => [{ title: 'Asset Library · Brand Portal' }]

export const handle: FrameHandle = {
  title: 'Asset Library',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}`,
}

export default function AssetLibrary() {
  const { brandKey, mayChange, library } = useLoaderData<typeof loader>()
  if (!library) return <BucketRequired brandKey={brandKey} mayCreate={mayChange} />
  return (
    <AssetLibraryPage
      brandKey={brandKey}
      folder={library.folder}
      tree={library.tree}
      view={library.view}
      mayChange={mayChange}
      query={library.query}
      dialog={library.dialog}
    />
  )
}
