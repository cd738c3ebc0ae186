// A trackpad's pinch arrives as a wheel with Ctrl held: it zooms the picture around the pointer.
// A plain wheel scrolls the page.
import { useEffect, useRef, type RefObject } from 'react'
import type { ImageSize, Point } from '#app/features/samples/markup/shapes'
import { wheelZoomFactor, zoomAround, type StageView } from '#app/features/samples/markup/stage-view'

/** Where a pointer is in the element's box, in pixels. */
export function boxPoint(element: HTMLElement, event: { clientX: number; clientY: number }): Point {
  const box = element.getBoundingClientRect()
  return { x: event.clientX - box.left, y: event.clientY - box.top }
}

export function useWheelZoom(
  wrapper: RefObject<HTMLDivElement>,
  size: ImageSize,
  onView: ((update: (view: StageView) => StageView) => void) | undefined,
) {
  const onViewRef = useRef(onView)
  onViewRef.current = onView
  useEffect(() => {
    const element = wrapper.current
    if (!element) return
    const onWheel = (event: WheelEvent) => {
      const update = onViewRef.current
      if (!event.ctrlKey || !update) return
      event.preventDefault()
      const at = boxPoint(element, event)
      update((current) => zoomAround(current, current.zoom * wheelZoomFactor(event.deltaY, event.deltaMode), at, size))
    }
    element.addEventListener('wheel', onWheel, { passive: false })
    return () => element.removeEventListener('wheel', onWheel)
  }, [wrapper, size])
}
