// Undo and redo of one's own markup steps, for the picture editor and the 3D viewer alike: each
// operation goes to the live document and into this user's history (see app/features/samples/markup/history).
import { useCallback, useState } from 'react'
import { EMPTY_HISTORY, record, redo, undo, type History, type Op } from '#app/features/samples/markup/history'
import type { SampleMarkupDoc } from './use-sample-markup'

export interface MarkupHistory {
  history: History
  /** Applies an operation of the user's to the live markup and records it for undo. */
  doOp(op: Op): void
  step(direction: 'undo' | 'redo'): void
}

export function useMarkupHistory(live: Pick<SampleMarkupDoc, 'shapes' | 'put' | 'remove'>): MarkupHistory {
  const [history, setHistory] = useState<History>(EMPTY_HISTORY)
  const apply = useCallback(
    (op: Op) => {
      if (op.type === 'remove') live.remove(op.shape.id)
      else live.put(op.type === 'add' ? op.shape : op.after)
    },
    [live],
  )
  const doOp = (op: Op) => {
    apply(op)
    setHistory((current) => record(current, op))
  }
  const step = (direction: 'undo' | 'redo') => {
    const next = (direction === 'undo' ? undo : redo)(history, live.shapes)
    if (next.op) apply(next.op)
    setHistory(next.history)
  }
  return { history, doOp, step }
}
