// The entries of a folder as tiles or a table, their menus and the pages.
import type { AssetEntryView, FolderPage } from '../views'
import { formatFileSize, formatWhen } from '#app/platform/format'
import { Menu } from '#app/ui/misc'
import { Link } from '@remix-run/react'
import {
  PAGE_SIZES,
  libraryPageNumbers,
  typeLabel,
  withQuery,
  type LibraryDialog,
  type LibraryPageProps,
} from './asset-library-props'
import { FolderGlyph, NO_TARGET, entryHref, segmentsOfEntry } from './asset-navigation'
import { DROP_RING, useDraggableEntry, useFolderDropTarget } from './library-drag'

function EntryMenu({
  entry,
  here,
  query,
  mayChange,
}: {
  entry: AssetEntryView
  here: string
  query: string
  mayChange: boolean
}) {
  const item = 'block px-4 py-2 hover:bg-black/5'
  const open = (dialog: LibraryDialog) => withQuery(here, query, { dialog, item: entry.key })
  return (
    <Menu label={<span aria-hidden="true">⋯</span>} name={`Actions for ${entry.name}`}>
      {entry.type === 'file' ? (
        <>
          <Link to={open('preview')} className={item} preventScrollReset>
            Preview
          </Link>
          {entry.urls ? (
            <a href={entry.urls.original} download={entry.name} className={item}>
              Download
            </a>
          ) : null}
        </>
      ) : null}
      {mayChange ? (
        <>
          <Link to={open('rename')} className={item} preventScrollReset>
            Rename
          </Link>
          <Link to={open('move')} className={item} preventScrollReset>
            Move
          </Link>
          <Link to={open('delete')} className={`${item} text-red-700`} preventScrollReset>
            Delete
          </Link>
        </>
      ) : null}
    </Menu>
  )
}

function Thumb({ entry }: { entry: AssetEntryView }) {
  if (entry.type === 'folder') {
    return (
      <span className="flex aspect-[4/3] items-center justify-center bg-canvas">
        <FolderGlyph />
      </span>
    )
  }
  if (entry.urls?.thumbnail) {
    return (
      <img src={entry.urls.thumbnail} alt="" loading="lazy" className="aspect-[4/3] w-full bg-canvas object-contain" />
    )
  }
  return (
    <span className="flex aspect-[4/3] flex-col items-center justify-center gap-1 bg-canvas text-muted">
      <span className="rounded border border-line bg-white px-2 py-1 text-xs font-semibold tracking-wide">
        {typeLabel(entry)}
      </span>
      {entry.status && entry.status !== 'available' ? (
        <span className="text-xs">{entry.status === 'scanning' ? 'Scanning…' : 'Not available'}</span>
      ) : null}
    </span>
  )
}

export function EntryTiles({ brandKey, folder, mayChange, query, here }: LibraryPageProps & { here: string }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4" aria-label="Assets">
      {folder.entries.map((entry) => (
        <Tile
          key={entry.key}
          entry={entry}
          brandKey={brandKey}
          folder={folder}
          mayChange={mayChange}
          query={query}
          here={here}
        />
      ))}
    </ul>
  )
}

function Tile({
  entry,
  brandKey,
  folder,
  mayChange,
  query,
  here,
}: {
  entry: AssetEntryView
  brandKey: string
  folder: FolderPage
  mayChange: boolean
  query: string
  here: string
}) {
  const drag = useDraggableEntry(entry)
  const drop = useFolderDropTarget(entry.type === 'folder' ? segmentsOfEntry(entry) : NO_TARGET)
  return (
    <li
      className={`flex flex-col overflow-hidden rounded-lg border border-line bg-white ${drag.dragging ? 'opacity-50' : ''} ${drop.over ? DROP_RING : ''}`}
      {...drag.props}
      {...(entry.type === 'folder' ? drop.props : {})}
    >
      <Link
        to={entryHref(brandKey, here, query, entry)}
        className="block hover:opacity-90"
        preventScrollReset={entry.type === 'file'}
      >
        <Thumb entry={entry} />
      </Link>
      <div className="flex items-center gap-2 px-3 py-2">
        <div className="min-w-0 flex-1">
          <Link
            to={entryHref(brandKey, here, query, entry)}
            className="block truncate text-sm font-medium hover:underline"
            title={entry.name}
          >
            {entry.name}
          </Link>
          <span className="block truncate text-xs text-muted">
            {folder.search
              ? entry.folder || folder.bucket.name
              : entry.type === 'folder'
                ? 'Folder'
                : formatFileSize(entry.size)}
          </span>
        </div>
        <EntryMenu entry={entry} here={here} query={query} mayChange={mayChange} />
      </div>
    </li>
  )
}

export function EntryTable({ brandKey, folder, mayChange, query, here }: LibraryPageProps & { here: string }) {
  return (
    <div className="overflow-visible rounded-lg border border-line bg-white">
      <table className="w-full text-left text-sm" aria-label="Assets">
        <thead className="border-b border-line text-xs uppercase tracking-wide text-muted">
          <tr>
            <th className="px-4 py-3 font-medium">Name</th>
            <th className="px-4 py-3 font-medium">Size</th>
            <th className="px-4 py-3 font-medium">Type</th>
            <th className="px-4 py-3 font-medium">Modified</th>
            <th className="w-12 px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {folder.entries.map((entry) => (
            <Row
              key={entry.key}
              entry={entry}
              brandKey={brandKey}
              folder={folder}
              mayChange={mayChange}
              query={query}
              here={here}
            />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Row({
  entry,
  brandKey,
  folder,
  mayChange,
  query,
  here,
}: {
  entry: AssetEntryView
  brandKey: string
  folder: FolderPage
  mayChange: boolean
  query: string
  here: string
}) {
  const drag = useDraggableEntry(entry)
  const drop = useFolderDropTarget(entry.type === 'folder' ? segmentsOfEntry(entry) : NO_TARGET)
  return (
    <tr
      className={`${drag.dragging ? 'opacity-50' : ''} ${drop.over ? DROP_RING : ''}`}
      {...drag.props}
      {...(entry.type === 'folder' ? drop.props : {})}
    >
      <td className="max-w-xs px-4 py-2">
        <Link
          to={entryHref(brandKey, here, query, entry)}
          className="flex items-center gap-2 font-medium hover:underline"
        >
          {entry.type === 'folder' ? (
            <FolderGlyph small />
          ) : entry.urls?.thumbnail ? (
            <img src={entry.urls.thumbnail} alt="" loading="lazy" className="h-8 w-6 rounded object-cover" />
          ) : null}
          <span className="truncate">{entry.name}</span>
        </Link>
        {folder.search ? (
          <span className="block truncate text-xs text-muted">{entry.folder || folder.bucket.name}</span>
        ) : null}
      </td>
      <td className="whitespace-nowrap px-4 py-2 text-muted">
        {entry.type === 'folder' ? '—' : formatFileSize(entry.size)}
      </td>
      <td className="px-4 py-2 text-muted">{typeLabel(entry)}</td>
      <td className="whitespace-nowrap px-4 py-2 text-muted">{formatWhen(new Date(entry.modified * 1000), 'UTC')}</td>
      <td className="px-4 py-2">
        <EntryMenu entry={entry} here={here} query={query} mayChange={mayChange} />
      </td>
    </tr>
  )
}

export function Pages({ here, query, folder }: { here: string; query: string; folder: FolderPage }) {
  const { page, pages, perPage } = folder
  const link = 'rounded-md px-3 py-1.5 hover:bg-black/5'
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm" data-testid="pagination">
      <nav aria-label="Pages" className="flex items-center gap-1">
        {page > 1 ? (
          <Link to={withQuery(here, query, { page: page - 1 })} className={link} rel="prev" preventScrollReset>
            Previous
          </Link>
        ) : null}
        {libraryPageNumbers(page, pages).map((number, index) =>
          number === null ? (
            <span key={`gap-${index}`} className="px-2 text-muted">
              …
            </span>
          ) : (
            <Link
              key={number}
              to={withQuery(here, query, { page: number === 1 ? null : number })}
              aria-current={number === page ? 'page' : undefined}
              className={number === page ? 'rounded-md bg-ink px-3 py-1.5 text-white' : link}
              preventScrollReset
            >
              {number}
            </Link>
          ),
        )}
        {page < pages ? (
          <Link to={withQuery(here, query, { page: page + 1 })} className={link} rel="next" preventScrollReset>
            Next
          </Link>
        ) : null}
      </nav>
      <nav aria-label="Per page" className="flex items-center gap-1 text-muted">
        <span>Per page</span>
        {PAGE_SIZES.map((size) => (
          <Link
            key={size}
            to={withQuery(here, query, { per_page: size === 12 ? null : size, page: null })}
            aria-current={size === perPage ? 'true' : undefined}
            className={
              size === perPage ? 'rounded-md bg-black/10 px-2 py-1 text-ink' : 'rounded-md px-2 py-1 hover:bg-black/5'
            }
            preventScrollReset
          >
            {size}
          </Link>
        ))}
      </nav>
    </div>
  )
}
