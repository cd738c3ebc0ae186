// Serves pdf.js's browser files (the module, its worker, the standard fonts and character maps)
// from the installed package, and nothing else of node_modules.
import path from 'node:path'
import { createRequire } from 'node:module'
import express from 'express'
import { PDF_VIEWER_VERSION } from '#app/platform/pdf-viewer'

const SERVED = ['build', 'standard_fonts', 'cmaps']

export function servePdfViewer(): express.Router {
  const require = createRequire(import.meta.url)
  const root = path.dirname(require.resolve('pdfjs-dist/package.json'))
  const installed = (require('pdfjs-dist/package.json') as { version: string }).version
  if (installed !== PDF_VIEWER_VERSION) {
    // The path names the version so browsers cache it for good; a different one would be stale.
    throw new Error(`pdfjs-dist ${installed} is installed; the preview expects ${PDF_VIEWER_VERSION}`)
  }
  const router = express.Router()
  for (const folder of SERVED) {
    router.use(
      `/${folder}`,
      express.static(path.join(root, folder), {
        immutable: true,
        maxAge: '1y',
        index: false,
        dotfiles: 'deny',
        // A module import needs .mjs served as JavaScript.
        setHeaders: (res, file) => {
          if (file.endsWith('.mjs')) res.setHeader('Content-Type', 'text/javascript; charset=utf-8')
        },
      }),
    )
  }
  return router
}
