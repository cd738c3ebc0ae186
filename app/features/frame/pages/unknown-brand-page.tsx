// Any other address under a brand (`/brand/{key}/products/foo/bar`, `/brand/{key}/atelier/foo/bar`):
// every screen of the brand has its own route, so what reaches this one is not found. The loader
// answers 404 and the frame's error page says so; this component is never shown.
import type { FrameHandle } from '#app/ui/frame-handle'

export const handle: FrameHandle = {
  title: '',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}`,
}

export default function UnknownBrandPage() {
  return null
}
