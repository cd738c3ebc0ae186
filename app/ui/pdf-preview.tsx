// A PDF shown in the page: pdf.js (loaded from the portal, docs/decisions/133) draws each page on
// a canvas as wide as the dialog. Without JavaScript the page says the preview needs it; the
// Download beside it still opens the file.
import { useEffect, useRef, useState } from 'react'
import type * as PdfJs from 'pdfjs-dist'
import { EmptyState } from '#app/ui/misc'
import { PDF_PREVIEW_PAGES, PDF_VIEWER } from '#app/platform/pdf-viewer'

type PreviewState = { status: 'loading' } | { status: 'ready'; pages: number; drawn: number } | { status: 'failed' }

let viewer: Promise<typeof PdfJs> | null = null

/** The renderer is loaded once per page visit, on first use, from its own path. */
function loadViewer(): Promise<typeof PdfJs> {
  viewer ??= (import(/* webpackIgnore: true */ PDF_VIEWER.module) as Promise<typeof PdfJs>).then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = PDF_VIEWER.worker
    return pdfjs
  })
  viewer.catch(() => {
    viewer = null
  })
  return viewer
}

export function PdfPreview({ url, name }: { url: string; name: string }) {
  const pagesRef = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<PreviewState | null>(null)

  useEffect(() => {
    let cancelled = false
    let task: PdfJs.PDFDocumentLoadingTask | null = null
    setState({ status: 'loading' })
    const host = pagesRef.current
    ;(async () => {
      const pdfjs = await loadViewer()
      // No eval: the page's policy allows none, and pdf.js draws fonts without it.
      task = pdfjs.getDocument({
        url,
        isEvalSupported: false,
        standardFontDataUrl: PDF_VIEWER.standardFonts,
        cMapUrl: PDF_VIEWER.cMaps,
        cMapPacked: true,
      })
      const doc = await task.promise
      const drawn = Math.min(doc.numPages, PDF_PREVIEW_PAGES)
      if (!host) return
      host.replaceChildren()
      for (let number = 1; number <= drawn && !cancelled; number++) {
        const page = await doc.getPage(number)
        const unscaled = page.getViewport({ scale: 1 })
        const ratio = window.devicePixelRatio || 1
        // The pages box is hidden until the first page is drawn; its column has the width.
        const width = (host.parentElement?.clientWidth ?? 0) - 24
        const scale = (Math.max(width, 320) / unscaled.width) * ratio
        const viewport = page.getViewport({ scale })
        const canvas = document.createElement('canvas')
        canvas.width = Math.floor(viewport.width)
        canvas.height = Math.floor(viewport.height)
        canvas.className = 'w-full rounded bg-white shadow-sm'
        canvas.setAttribute('role', 'img')
        canvas.setAttribute('aria-label', `${name}, page ${number} of ${doc.numPages}`)
        host.append(canvas)
        await page.render({ canvasContext: canvas.getContext('2d')!, viewport }).promise
        if (!cancelled) setState({ status: 'ready', pages: doc.numPages, drawn: number })
      }
    })().catch(() => {
      if (!cancelled) setState({ status: 'failed' })
    })
    return () => {
      cancelled = true
      void task?.destroy()
    }
  }, [url, name])

  return (
    <div className="flex flex-col gap-3">
      <noscript>
        <EmptyState title="This file can't be previewed.">
          The preview of a PDF needs JavaScript; Download opens the file.
        </EmptyState>
      </noscript>
      {state?.status === 'failed' ? <EmptyState title="This file can't be previewed." /> : null}
      {state?.status === 'loading' ? (
        <p className="text-sm text-muted" role="status">
          Loading the preview…
        </p>
      ) : null}
      <div
        ref={pagesRef}
        // A class, not the hidden attribute: the flex class would override that.
        className={`${state?.status === 'ready' ? 'flex' : 'hidden'} max-h-[70vh] flex-col gap-3 overflow-y-auto rounded bg-canvas p-3`}
      />
      {state?.status === 'ready' && state.pages > PDF_PREVIEW_PAGES ? (
        <p className="text-sm text-muted">
          The first {PDF_PREVIEW_PAGES} of {state.pages} pages are shown; Download has them all.
        </p>
      ) : null}
    </div>
  )
}
