// The 3D sample's stage: the plain card on the server and without JavaScript, the viewer in the
// browser (loaded only there).
import { useHydrated } from '#app/ui/use-hydrated'
import { lazy, Suspense } from 'react'
import { Frame, Plain, type Sample3dProps } from './sample-3d-parts'

const ModelViewer3d = lazy(() =>
  import('./model-viewer-3d.client').then((module) => ({ default: module.ModelViewer3d })),
)

export function Sample3dStage(props: Sample3dProps) {
  const hydrated = useHydrated()
  if (!hydrated) return <Plain {...props} />
  return (
    <Suspense fallback={<Frame model={props.model} status="Loading the 3D view…" />}>
      <ModelViewer3d {...props} />
    </Suspense>
  )
}

/** The frame the viewer sits in, with the file's name and Download: before, without and instead of 3D. */
