// A still of a 3D sample for the places that show pictures (the rail, the style page, Expand):
// taken from the viewer once the model first shows, and sent once, when the page asks for one
// (someone who may manage the style's files, and the sample has none yet; decision 141).
import { useEffect, useRef, type MutableRefObject } from 'react'
import { useCsrfToken } from '#app/platform/csrf'

/** The part of model-viewer's element a still needs. */
interface Capturable {
  toBlob(options?: { mimeType?: string; qualityArgument?: number; idealAspect?: boolean }): Promise<Blob>
}

/** Time for the camera to settle on its opening view after the model has loaded. */
const SETTLE_MS = 800

export function useModelPoster(
  viewer: MutableRefObject<Capturable | null>,
  loaded: boolean,
  uploadUrl: string | null,
): void {
  const csrf = useCsrfToken()
  const sent = useRef(false)
  useEffect(() => {
    if (!loaded || !uploadUrl || sent.current) return
    const timer = setTimeout(() => {
      const element = viewer.current
      if (!element || sent.current) return
      sent.current = true
      void element
        .toBlob({ mimeType: 'image/webp', qualityArgument: 0.9 })
        .then((blob) => {
          const body = new FormData()
          body.set('csrf', csrf)
          body.set('file', blob, 'poster.webp')
          return fetch(uploadUrl, { method: 'POST', body, credentials: 'same-origin' })
        })
        // A still is a nicety: the next visit tries again if this one did not arrive.
        .catch(() => undefined)
    }, SETTLE_MS)
    return () => clearTimeout(timer)
  }, [viewer, loaded, uploadUrl, csrf])
}
