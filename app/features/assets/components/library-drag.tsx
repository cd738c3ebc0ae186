// Drag to move in the asset library: a tile or row dropped on a folder (a folder tile or row, the
// tree, the breadcrumbs) posts the same Move form the dialog posts, so the page action, its
// checks and its toast are the same. Without JavaScript the Move dialog does it; with a keyboard,
// the Move item of each entry's menu.
import { createContext, useContext, useMemo, useState, type DragEvent, type ReactNode } from 'react'
import { useSubmit } from '@remix-run/react'
import { joinPath, mayDropInto } from '#app/features/assets/asset-paths'
import type { AssetEntryView } from '../views'

type LibraryDrag = {
  dragged: AssetEntryView | null
  start: (entry: AssetEntryView) => void
  end: () => void
  drop: (target: readonly string[]) => void
}

const DragContext = createContext<LibraryDrag | null>(null)

export function LibraryDragProvider({
  enabled,
  csrf,
  action,
  children,
}: {
  /** Only people who may change the library can drag. */
  enabled: boolean
  csrf: string
  /** Where the Move form posts: the page as it is, without its dialog. */
  action: string
  children: ReactNode
}) {
  const [dragged, setDragged] = useState<AssetEntryView | null>(null)
  const submit = useSubmit()
  const value = useMemo<LibraryDrag>(
    () => ({
      dragged,
      start: setDragged,
      end: () => setDragged(null),
      drop: (target) => {
        if (!dragged || !mayDropInto(dragged, target)) return
        submit(
          { csrf, intent: 'move', item: dragged.key, folder: joinPath(target) },
          { method: 'post', action, preventScrollReset: true },
        )
        setDragged(null)
      },
    }),
    [dragged, csrf, action, submit],
  )
  return <DragContext.Provider value={enabled ? value : null}>{children}</DragContext.Provider>
}

/** What makes an entry draggable; nothing for people who may not change the library. */
export function useDraggableEntry(entry: AssetEntryView) {
  const drag = useContext(DragContext)
  if (!drag) return { props: {}, dragging: false }
  return {
    dragging: drag.dragged?.key === entry.key,
    props: {
      draggable: true,
      onDragStart: (event: DragEvent) => {
        event.dataTransfer.effectAllowed = 'move'
        event.dataTransfer.setData('text/plain', entry.name)
        drag.start(entry)
      },
      onDragEnd: () => drag.end(),
    },
  }
}

/** What makes a folder (given by its segments, [] for the top) take a dropped entry. */
export function useFolderDropTarget(target: readonly string[]) {
  const drag = useContext(DragContext)
  const [over, setOver] = useState(false)
  const accepts = drag?.dragged ? mayDropInto(drag.dragged, target) : false
  if (!drag || !accepts) return { props: {}, over: false }
  return {
    over,
    props: {
      onDragOver: (event: DragEvent) => {
        event.preventDefault()
        event.dataTransfer.dropEffect = 'move'
        if (!over) setOver(true)
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent) => {
        event.preventDefault()
        setOver(false)
        drag.drop(target)
      },
    },
  }
}

/** The ring a folder shows while something dragged is over it. */
export const DROP_RING = 'ring-2 ring-accent ring-offset-1'
