// Finding one's way: the folder tree, the breadcrumbs, the sort links, links to entries, the folder glyph.
import type { AssetEntryView, AssetSort, TreeFolder } from '../views'
import { folderHref } from '#app/features/assets/asset-paths'
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { SORT_LABELS, withQuery } from './asset-library-props'
import { DROP_RING, useFolderDropTarget } from './library-drag'

export function FolderTree({ brandKey, folders, open }: { brandKey: string; folders: TreeFolder[]; open: string[] }) {
  if (folders.length === 0) return null
  return (
    <ul className="mt-1 flex flex-col gap-0.5 border-l border-line pl-2">
      {folders.map((item) => {
        const current = item.segments.length === open.length && item.segments.every((s, i) => s === open[i])
        return (
          <li key={item.name}>
            <FolderLink
              brandKey={brandKey}
              segments={item.segments}
              aria-current={current ? 'page' : undefined}
              className={`flex items-center gap-1.5 truncate rounded px-2 py-1 hover:bg-black/5 ${current ? 'bg-black/5 font-medium' : ''}`}
            >
              <FolderGlyph small />
              <span className="truncate">{item.name}</span>
            </FolderLink>
            {item.children ? <FolderTree brandKey={brandKey} folders={item.children} open={open} /> : null}
          </li>
        )
      })}
    </ul>
  )
}

/** A link to a folder that also takes an entry dragged onto it. */
export function FolderLink({
  brandKey,
  segments,
  className,
  children,
  ...rest
}: {
  brandKey: string
  segments: string[]
  className: string
  children: ReactNode
  'aria-current'?: 'page'
}) {
  const drop = useFolderDropTarget(segments)
  return (
    <Link
      to={folderHref(brandKey, segments)}
      className={`${className} ${drop.over ? DROP_RING : ''}`}
      {...rest}
      {...drop.props}
    >
      {children}
    </Link>
  )
}

export function Breadcrumbs(props: { brandKey: string; segments: string[]; rootName: string; search: string }) {
  const { brandKey, segments, rootName, search } = props
  const up = segments.length > 0 ? folderHref(brandKey, segments.slice(0, -1)) : null
  return (
    <nav aria-label="Breadcrumbs" className="flex flex-wrap items-center gap-1 text-sm">
      {up ? (
        <Link to={up} aria-label="Up one folder" className="mr-1 rounded px-1.5 py-0.5 text-muted hover:bg-black/5">
          ←
        </Link>
      ) : null}
      <FolderLink brandKey={brandKey} segments={[]} className="rounded text-muted hover:underline">
        {rootName}
      </FolderLink>
      {segments.map((segment, i) => (
        <span key={i} className="flex items-center gap-1">
          <span className="text-muted">/</span>
          {i === segments.length - 1 && !search ? (
            <span className="font-medium" aria-current="page">
              {segment}
            </span>
          ) : (
            <FolderLink
              brandKey={brandKey}
              segments={segments.slice(0, i + 1)}
              className="rounded text-muted hover:underline"
            >
              {segment}
            </FolderLink>
          )}
        </span>
      ))}
    </nav>
  )
}

export function SortLinks({
  here,
  query,
  sort,
  order,
}: {
  here: string
  query: string
  sort: AssetSort
  order: 'asc' | 'desc'
}) {
  return (
    <nav aria-label="Sort" className="flex items-center gap-1 text-sm">
      <span className="text-muted">Sort</span>
      {(Object.keys(SORT_LABELS) as AssetSort[]).map((key) => {
        const active = key === sort
        const next = active && order === 'asc' ? 'desc' : 'asc'
        return (
          <Link
            key={key}
            to={withQuery(here, query, {
              sort: key === 'name' ? null : key,
              order: next === 'asc' ? null : next,
              page: null,
            })}
            aria-current={active ? 'true' : undefined}
            preventScrollReset
            className={`rounded-md px-2 py-1 ${active ? 'bg-black/10 text-ink' : 'hover:bg-black/5'}`}
          >
            {SORT_LABELS[key]}
            {active ? (
              <span aria-label={order === 'asc' ? ', ascending' : ', descending'}>{order === 'asc' ? ' ↑' : ' ↓'}</span>
            ) : null}
          </Link>
        )
      })}
    </nav>
  )
}

/** A folder entry's own segments, as a drop target. */
export function segmentsOfEntry(entry: AssetEntryView): string[] {
  return entry.path.replace(/\/$/, '').split('/')
}
/** Files are not drop targets; the hook still needs a value. */
export const NO_TARGET: string[] = []

export function entryHref(brandKey: string, here: string, query: string, entry: AssetEntryView): string {
  if (entry.type === 'folder') return folderHref(brandKey, segmentsOfEntry(entry))
  return withQuery(here, query, { dialog: 'preview', item: entry.key })
}

export function FolderGlyph({ small = false }: { small?: boolean }) {
  const size = small ? 14 : 40
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" className="shrink-0 text-accent">
      <path
        d="M3 6.5A1.5 1.5 0 0 1 4.5 5h4.4l2 2h8.6A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z"
        fill="currentColor"
        opacity="0.85"
      />
    </svg>
  )
}
