// Undo and redo of markup as plain operations, so each step can later be applied to the shared
// Yjs document as it is applied here.
//
// Only the user's own operations are recorded in their history: a colleague's shapes arrive
// through the shared document and never pass through record(), so undo never removes or reverts
// what a colleague drew. Since colleagues keep drawing meanwhile, an undo or redo is first fitted
// to the shapes as they are now (see rebase); a step that no longer applies, such as undoing the
// move of a shape a colleague has since deleted, is dropped and the next one is taken, as Yjs's
// own UndoManager does, so pressing undo always does something while there is something to undo.

import { type Shape } from '#app/features/samples/markup/shapes'

export type Op =
  { type: 'add'; shape: Shape } | { type: 'remove'; shape: Shape } | { type: 'update'; before: Shape; after: Shape }

export interface History {
  /** Operations done, the latest last. */
  undo: Op[]
  /** Operations undone, in the direction they were first done, the latest undone last. */
  redo: Op[]
}

export interface Step {
  history: History
  shapes: Shape[]
  /** What was applied to the shapes (to mirror into the shared document), or null when nothing. */
  op: Op | null
}

/** Steps a user can undo, at most; older ones are forgotten. */
export const HISTORY_LIMIT = 100

export const EMPTY_HISTORY: History = { undo: [], redo: [] }

/** The shapes after an operation: add appends, remove and update find the shape by id. */
export function applyOp(shapes: readonly Shape[], op: Op): Shape[] {
  switch (op.type) {
    case 'add':
      return [...shapes, op.shape]
    case 'remove':
      return shapes.filter((shape) => shape.id !== op.shape.id)
    case 'update':
      return shapes.map((shape) => (shape.id === op.after.id ? op.after : shape))
  }
}

/** The operation that takes back `op`. */
export function inverse(op: Op): Op {
  switch (op.type) {
    case 'add':
      return { type: 'remove', shape: op.shape }
    case 'remove':
      return { type: 'add', shape: op.shape }
    case 'update':
      return { type: 'update', before: op.after, after: op.before }
  }
}

/** The history after the user did `op`: it can be undone, and what was undone before is gone. */
export function record(history: History, op: Op): History {
  return { undo: [...history.undo, op].slice(-HISTORY_LIMIT), redo: [] }
}

type Fields = Record<string, unknown>

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const aKeys = Object.keys(a)
  const bKeys = Object.keys(b)
  if (aKeys.length !== bKeys.length) return false
  return aKeys.every((key) => sameValue((a as Fields)[key], (b as Fields)[key]))
}

/**
 * `op` fitted to the shapes as they are now, or null when it no longer applies. An add applies
 * while no shape has its id; a remove while the shape is there (taking it as it is now, so a redo
 * brings back a colleague's later edits too). An update applies field by field: a field is set
 * only where the shape still has the value the update starts from, so undoing one's own recolour
 * keeps a colleague's later move. An update that would change nothing does not apply.
 */
export function rebase(shapes: readonly Shape[], op: Op): Op | null {
  const id = op.type === 'update' ? op.after.id : op.shape.id
  const current = shapes.find((shape) => shape.id === id)
  switch (op.type) {
    case 'add':
      return current ? null : op
    case 'remove':
      return current ? { type: 'remove', shape: current } : null
    case 'update': {
      if (!current) return null
      const { before, after } = op
      if (current.kind !== after.kind || before.kind !== after.kind) {
        // A change of kind has no fields in common to merge: all or nothing.
        return sameValue(current, before) ? { type: 'update', before: current, after } : null
      }
      const from: Fields = { ...before }
      const to: Fields = { ...after }
      const merged: Fields = { ...current }
      for (const field of new Set([...Object.keys(from), ...Object.keys(to)])) {
        if (sameValue(from[field], to[field]) || !sameValue(merged[field], from[field])) continue
        if (to[field] === undefined) delete merged[field]
        else merged[field] = to[field]
      }
      if (sameValue(merged, current)) return null
      // Every field comes from a shape of the same kind, so the result is one too.
      return { type: 'update', before: current, after: merged as unknown as Shape }
    }
  }
}

/**
 * Takes back the user's latest operation that still applies to `shapes`. Operations that no
 * longer apply are dropped from the history on the way. `op` is what was applied, null when there
 * was nothing left to undo.
 */
export function undo(history: History, shapes: readonly Shape[]): Step {
  const undoStack = [...history.undo]
  while (undoStack.length > 0) {
    const done = undoStack.pop()!
    const op = rebase(shapes, inverse(done))
    if (op === null) continue
    return { history: { undo: undoStack, redo: [...history.redo, inverse(op)] }, shapes: applyOp(shapes, op), op }
  }
  return { history: { undo: [], redo: history.redo }, shapes: [...shapes], op: null }
}

/** Does again the latest undone operation that still applies to `shapes`; as undo otherwise. */
export function redo(history: History, shapes: readonly Shape[]): Step {
  const redoStack = [...history.redo]
  while (redoStack.length > 0) {
    const undone = redoStack.pop()!
    const op = rebase(shapes, undone)
    if (op === null) continue
    return {
      history: { undo: [...history.undo, op].slice(-HISTORY_LIMIT), redo: redoStack },
      shapes: applyOp(shapes, op),
      op,
    }
  }
  return { history: { undo: history.undo, redo: [] }, shapes: [...shapes], op: null }
}
