// The markup of a virtual sample, as stored in its Yjs document (`sample-markup:{brand}:{sample}`,
// markup/markup-doc.server.ts): the page draws it on the server as an SVG overlay, so it shows without
// JavaScript. Each shape is read through parseStoredShape, so a forged entry in the document is left out
// rather than drawn.
import * as Y from 'yjs'
import { AppError, notFound } from '#app/platform/errors'
import { isPin, parseStoredShape, storedShape, type AnyPin, type Shape } from '#app/features/samples/markup/shapes'
import { requireAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { changeDocument, loadDocumentUpdates } from '#app/platform/yjs-documents.server'
import { lockedError, markupReadOnly } from './sample-lock-checks.server'
import type { Actor } from '#app/platform/access/actor'

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
  return storedMarkup(deps, brandKey, sampleKey)
}

/** The stored shapes of a sample, for a caller that has checked access to it. */
export async function storedMarkup(deps: ServiceDeps, brandKey: string, sampleKey: string): Promise<Shape[]> {
  const docName = markupDocName(brandKey, sampleKey)
  // What a viewer drew a moment ago may still be on its way to the database.
  await deps.events.documentStored(docName)
  const updates = await loadDocumentUpdates(deps, docName)
  if (updates.length === 0) return []
  const doc = new Y.Doc()
  try {
    for (const update of updates) Y.applyUpdateV2(doc, update)
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

const PIN_ID = /^[A-Za-z0-9_-]{1,64}$/

/**
 * Marks a pin's thread resolved (the pin is greyed out) or open again, for everyone looking at once.
 * Reviewers of the sample only, and not on a sample locked as Final; a pin that is not on the
 * sample is not found.
 */
export async function setPinResolved(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  sampleKey: string,
  pinIdValue: unknown,
  resolvedValue: unknown,
): Promise<{ pin: AnyPin; message: string }> {
  const access = await requireAbility(deps, actor, 'sample.review', { model: 'Reference', key: sampleKey })
  if (access.brandKey !== brandKey) throw notFound('Reference')
  // A locked sample's markup is as it was when locked, its pins included (decision 167).
  if (await markupReadOnly(deps, sampleKey)) throw lockedError()
  if (typeof pinIdValue !== 'string' || !PIN_ID.test(pinIdValue)) {
    throw new AppError('ValidationError', 'pin: the id of a pin on this sample is required.', { pin: ['Required'] })
  }
  if (resolvedValue !== 'true' && resolvedValue !== 'false' && typeof resolvedValue !== 'boolean') {
    throw new AppError('ValidationError', 'resolved: true or false.', { resolved: ['Required'] })
  }
  const resolved = resolvedValue === true || resolvedValue === 'true'
  const pin = await changeDocument(deps, markupDocName(brandKey, sampleKey), brandKey, (doc) => {
    const shapes = doc.getMap<unknown>(MARKUP_SHAPES)
    const shape = parseStoredShape(shapes.get(pinIdValue))
    // A pin on the picture or on the 3D model.
    if (!shape || !isPin(shape)) return null
    if (shape.resolved !== resolved) shapes.set(shape.id, storedShape({ ...shape, resolved }))
    return { ...shape, resolved }
  })
  if (!pin) throw notFound('Pin')
  return { pin, message: resolved ? `Pin ${pin.number} resolved` : `Pin ${pin.number} reopened` }
}
