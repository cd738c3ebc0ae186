// The order of a wizard step's files (docs/decisions/125, 130): folders first, each kind moved
// among its own, and the whole list saved as `update_positions` takes it. Shared by the Move up /
// Move down forms (server) and the drag (browser).

/** The whole list's order as `update_positions` takes it: "key:index" pairs, 1..n, joined by ";". */
export const positionsOf = (items: readonly { key: string }[]) =>
  items.map((item, index) => `${item.key}:${index + 1}`).join(';')

/**
 * The list after dropping `activeKey` on `overKey`'s place, or null when nothing changes or the two
 * are not of the same kind (a folder is not dropped among files, nor a file among folders).
 */
export function dropOrder<T extends { key: string; folder: boolean }>(
  items: readonly T[],
  activeKey: string,
  overKey: string,
): T[] | null {
  const from = items.findIndex((item) => item.key === activeKey)
  const to = items.findIndex((item) => item.key === overKey)
  if (from === -1 || to === -1 || from === to || items[from]!.folder !== items[to]!.folder) return null
  const next = [...items]
  const [moved] = next.splice(from, 1)
  next.splice(to, 0, moved!)
  return next
}
