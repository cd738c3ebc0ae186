// The markup of a virtual sample, as stored in its Yjs document (`sample-markup:{brand}:{sample}`,
// realtime/yjs/kinds.ts): the page draws it on the server as an SVG overlay, so it shows without
// JavaScript. Each shape is read through parseStoredShape, so a forged entry in the document is left out
// rather than drawn.
import * as Y from 'yjs'
import { parseStoredShape, type Shape } from '#app/lib/markup/shapes'
import type { Actor } from './accounts.server'
import { requireAbility } from './access.server'
import type { ServiceDeps } from './context.server'
import { loadDocumentUpdates } from './yjs-documents.server'

/** The document's map of shapes by id (the browser writes the same). */
export const MARKUP_SHAPES = 'shapes'

export const markupDocName = (brandKey: string, sampleKey: string) => `sample-markup:${brandKey}:${sampleKey}`

/** The shapes drawn on a sample, oldest first (so later ones are drawn on top). */
export async function sampleMarkup(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  sampleKey: string,
): Promise<Shape[]> {
  await requireAbility(deps, actor, 'listing.view', { model: 'Reference', key: sampleKey })
  const updates = await loadDocumentUpdates(deps, markupDocName(brandKey, sampleKey))
  if (updates.length === 0) return []
  const doc = new Y.Doc()
  try {
    for (const update of updates) Y.applyUpdate(doc, update)
    const shapes: Shape[] = []
    doc.getMap<unknown>(MARKUP_SHAPES).forEach((value) => {
      const shape = parseStoredShape(value)
      if (shape) shapes.push(shape)
    })
    return shapes.sort((a, b) => a.created - b.created || a.id.localeCompare(b.id))
  } finally {
    doc.destroy()
  }
}
