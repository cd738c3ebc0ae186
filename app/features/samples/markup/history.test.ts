import { describe, expect, it } from 'vitest'
import {
  applyOp,
  EMPTY_HISTORY,
  HISTORY_LIMIT,
  inverse,
  rebase,
  record,
  redo,
  undo,
  type History,
  type Op,
} from '#app/features/samples/markup/history'
import { MARKUP_COLOURS, type PinShape, type RectShape, type Shape } from '#app/features/samples/markup/shapes'

const base = { colour: MARKUP_COLOURS.red, strokeWidth: 0.01, author: 'me', created: 1 }
const rect: RectShape = { ...base, id: 'r1', kind: 'rect', x: 0.1, y: 0.1, width: 0.2, height: 0.2 }
const moved: RectShape = { ...rect, x: 0.5 }
const pin: PinShape = { ...base, id: 'p1', kind: 'pin', x: 0.5, y: 0.5, number: 1, resolved: false }
const theirs: RectShape = { ...rect, id: 'theirs', author: 'colleague' }

/** Does an operation as the user: applies it and records it. */
function act(state: { history: History; shapes: Shape[] }, op: Op) {
  return { history: record(state.history, op), shapes: applyOp(state.shapes, op) }
}

describe('applyOp and inverse', () => {
  it('appends on add, removes by id, replaces by id on update, keeping the order', () => {
    const added = applyOp([pin], { type: 'add', shape: rect })
    expect(added).toEqual([pin, rect])
    expect(applyOp(added, { type: 'update', before: rect, after: moved })).toEqual([pin, moved])
    expect(applyOp(added, { type: 'remove', shape: rect })).toEqual([pin])
  })

  it('leaves the shapes unchanged for an id that is not there, and never changes the array given', () => {
    const shapes = [pin]
    expect(applyOp(shapes, { type: 'remove', shape: rect })).toEqual([pin])
    expect(applyOp(shapes, { type: 'update', before: rect, after: moved })).toEqual([pin])
    applyOp(shapes, { type: 'add', shape: rect })
    expect(shapes).toEqual([pin])
  })

  it('inverts each operation, and the inverse takes it back', () => {
    const ops: Op[] = [
      { type: 'add', shape: rect },
      { type: 'remove', shape: rect },
      { type: 'update', before: rect, after: moved },
    ]
    expect(inverse(ops[0]!)).toEqual({ type: 'remove', shape: rect })
    expect(inverse(ops[1]!)).toEqual({ type: 'add', shape: rect })
    expect(inverse(ops[2]!)).toEqual({ type: 'update', before: moved, after: rect })
    for (const op of ops) expect(inverse(inverse(op))).toEqual(op)
    const after = applyOp([pin], ops[0]!)
    expect(applyOp(after, inverse(ops[0]!))).toEqual([pin])
  })
})

describe('undo and redo', () => {
  it('take back add, update and remove one by one, and redo them in order', () => {
    let state = { history: EMPTY_HISTORY, shapes: [pin] as Shape[] }
    state = act(state, { type: 'add', shape: rect })
    state = act(state, { type: 'update', before: rect, after: moved })
    state = act(state, { type: 'remove', shape: moved })
    expect(state.shapes).toEqual([pin])

    const first = undo(state.history, state.shapes)
    expect(first.op).toEqual({ type: 'add', shape: moved })
    expect(first.shapes).toEqual([pin, moved])
    const second = undo(first.history, first.shapes)
    expect(second.op).toEqual({ type: 'update', before: moved, after: rect })
    expect(second.shapes).toEqual([pin, rect])
    const third = undo(second.history, second.shapes)
    expect(third.op).toEqual({ type: 'remove', shape: rect })
    expect(third.shapes).toEqual([pin])
    expect(third.history.undo).toEqual([])
    expect(third.history.redo).toHaveLength(3)

    const nothing = undo(third.history, third.shapes)
    expect(nothing.op).toBeNull()
    expect(nothing.shapes).toEqual([pin])

    const again = redo(third.history, third.shapes)
    expect(again.op).toEqual({ type: 'add', shape: rect })
    expect(again.shapes).toEqual([pin, rect])
    const again2 = redo(again.history, again.shapes)
    expect(again2.shapes).toEqual([pin, moved])
    const again3 = redo(again2.history, again2.shapes)
    expect(again3.shapes).toEqual([pin])
    expect(again3.history.redo).toEqual([])
    expect(again3.history.undo).toHaveLength(3)
    expect(redo(again3.history, again3.shapes).op).toBeNull()
  })

  it('forget what was undone once the user does something new', () => {
    let state = act({ history: EMPTY_HISTORY, shapes: [] }, { type: 'add', shape: rect })
    const undone = undo(state.history, state.shapes)
    expect(undone.history.redo).toHaveLength(1)
    state = act({ history: undone.history, shapes: undone.shapes }, { type: 'add', shape: pin })
    expect(state.history.redo).toEqual([])
    expect(redo(state.history, state.shapes).op).toBeNull()
    expect(redo(state.history, state.shapes).shapes).toEqual([pin])
  })

  it(`keep the latest ${HISTORY_LIMIT} steps only`, () => {
    let history = EMPTY_HISTORY
    let shapes: Shape[] = []
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) {
      const op: Op = { type: 'add', shape: { ...pin, id: `p${i}`, number: i + 1 } }
      history = record(history, op)
      shapes = applyOp(shapes, op)
    }
    expect(history.undo).toHaveLength(HISTORY_LIMIT)
    expect(history.undo[0]).toEqual({ type: 'add', shape: { ...pin, id: 'p5', number: 6 } })
    for (let i = 0; i < HISTORY_LIMIT; i++) ({ history, shapes } = undo(history, shapes))
    // The five oldest pins are beyond reach.
    expect(shapes.map((shape) => shape.id)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4'])
    expect(undo(history, shapes).op).toBeNull()
  })

  it('never take back a colleague’s shapes: only what the user recorded is undone', () => {
    let state = act({ history: EMPTY_HISTORY, shapes: [] }, { type: 'add', shape: rect })
    // A colleague's shape arrives through the shared document, not through record().
    state = { ...state, shapes: applyOp(state.shapes, { type: 'add', shape: theirs }) }
    const step = undo(state.history, state.shapes)
    expect(step.shapes).toEqual([theirs])
    expect(undo(step.history, step.shapes).shapes).toEqual([theirs])
  })

  it('skip a step whose shape a colleague removed, and undo the one before it', () => {
    let state = act({ history: EMPTY_HISTORY, shapes: [] }, { type: 'add', shape: pin })
    state = act(state, { type: 'add', shape: rect })
    state = act(state, { type: 'update', before: rect, after: moved })
    state = { ...state, shapes: applyOp(state.shapes, { type: 'remove', shape: moved }) }

    const step = undo(state.history, state.shapes)
    expect(step.op).toEqual({ type: 'remove', shape: pin })
    expect(step.shapes).toEqual([])
    // The skipped steps are dropped, not kept for redo.
    expect(step.history).toEqual({ undo: [], redo: [{ type: 'add', shape: pin }] })
  })

  it('do nothing, without throwing, when no step applies any more', () => {
    const state = act({ history: EMPTY_HISTORY, shapes: [] }, { type: 'add', shape: rect })
    const step = undo(state.history, [])
    expect(step).toEqual({ history: EMPTY_HISTORY, shapes: [], op: null })
    expect(undo(EMPTY_HISTORY, [pin])).toEqual({ history: EMPTY_HISTORY, shapes: [pin], op: null })
  })

  it('undo the user’s own change of a field and keep a colleague’s later change of another', () => {
    const recoloured = { ...rect, colour: MARKUP_COLOURS.blue }
    const state = act({ history: EMPTY_HISTORY, shapes: [rect] }, { type: 'update', before: rect, after: recoloured })
    const colleagueMoved = { ...recoloured, x: 0.6 }
    const step = undo(state.history, [colleagueMoved])
    expect(step.shapes).toEqual([{ ...rect, x: 0.6 }])
    expect(step.op).toEqual({ type: 'update', before: colleagueMoved, after: { ...rect, x: 0.6 } })
    // Redo puts the user's colour back and still keeps the colleague's move.
    expect(redo(step.history, step.shapes).shapes).toEqual([{ ...recoloured, x: 0.6 }])
  })

  it('skip an update a colleague has since overwritten in every field it changed', () => {
    const state = act({ history: EMPTY_HISTORY, shapes: [rect] }, { type: 'update', before: rect, after: moved })
    const overwritten = { ...rect, x: 0.7 }
    expect(undo(state.history, [overwritten])).toEqual({ history: EMPTY_HISTORY, shapes: [overwritten], op: null })
  })

  it('set and clear optional fields on undo', () => {
    const resolved: PinShape = { ...pin, resolved: true, thread: 't1' }
    const state = act({ history: EMPTY_HISTORY, shapes: [pin] }, { type: 'update', before: pin, after: resolved })
    const step = undo(state.history, state.shapes)
    expect(step.shapes).toEqual([pin])
    expect('thread' in step.shapes[0]!).toBe(false)
  })
})

describe('rebase', () => {
  it('does not add a shape whose id is already there', () => {
    expect(rebase([rect], { type: 'add', shape: moved })).toBeNull()
    expect(rebase([], { type: 'add', shape: rect })).toEqual({ type: 'add', shape: rect })
  })

  it('removes a shape as it is now', () => {
    expect(rebase([moved], { type: 'remove', shape: rect })).toEqual({ type: 'remove', shape: moved })
    expect(rebase([], { type: 'remove', shape: rect })).toBeNull()
  })
})
