// The files as a list or as slides, sortable, with their actions.
import type { FileItem } from '../views'
import { useCsrfToken } from '#app/platform/csrf'
import { formatFileSize, formatWhen } from '#app/platform/format'
import { CsrfField, Menu } from '#app/ui/misc'
import { Form, Link } from '@remix-run/react'
import { type ReactNode } from 'react'
import { SortableFiles, useSortableFile } from './sortable-files'
import { ItemName, Thumb } from './step-file-items'
import { type Hrefs } from './step-uploads-props'

export function ListView({ items: loaded, canEdit, href, styleKey }: ViewProps) {
  return (
    <SortableFiles items={loaded} styleKey={styleKey} enabled={canEdit} layout="list">
      {(items, sortable) => (
        <div className="rounded-lg border border-line bg-white">
          <table className="w-full text-sm" data-testid="files-list">
            <thead className="border-b border-line text-left text-xs uppercase tracking-wide text-muted">
              <tr>
                {sortable ? (
                  <th className="w-10 px-3 py-2">
                    <span className="sr-only">Order</span>
                  </th>
                ) : null}
                <th className="w-16 px-3 py-2">
                  <span className="sr-only">Preview</span>
                </th>
                <th className="px-3 py-2">Name</th>
                <th className="px-3 py-2">Size</th>
                <th className="px-3 py-2">Created</th>
                <th className="px-3 py-2 text-right">Actions</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item, index) => {
                const cells = (
                  <>
                    <td className="px-3 py-2">
                      <Thumb item={item} className="h-12 w-9 rounded" />
                    </td>
                    <td className="px-3 py-2">
                      <ItemName item={item} href={href} />
                      {item.final ? <span className="ml-2 text-xs text-muted">Final</span> : null}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-muted">
                      {item.size === null ? '—' : formatFileSize(item.size)}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-muted">{formatWhen(item.created, 'UTC')}</td>
                    <td className="px-3 py-2">
                      <RowActions item={item} canEdit={canEdit} href={href} {...ends(items, index)} />
                    </td>
                  </>
                )
                return sortable ? (
                  <SortableRow key={item.key} item={item}>
                    {cells}
                  </SortableRow>
                ) : (
                  <tr
                    key={item.key}
                    className="border-b border-line last:border-0"
                    data-testid="file-row"
                    data-key={item.key}
                  >
                    {cells}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </SortableFiles>
  )
}

interface ViewProps {
  items: FileItem[]
  canEdit: boolean
  href: Hrefs
  styleKey: string
}

/** Whether a row is first or last of its own kind (folders and files move among their own). */
const ends = (items: FileItem[], index: number) => ({
  first: index === 0 || items[index - 1]!.folder !== items[index]!.folder,
  last: index === items.length - 1 || items[index + 1]!.folder !== items[index]!.folder,
})

/** One file or folder with what its actions need: may the viewer change it, and its place. */
interface ItemProps {
  item: FileItem
  canEdit: boolean
  href: Hrefs
  first: boolean
  last: boolean
}

function SortableRow({ item, children }: { item: FileItem; children: ReactNode }) {
  const { setNodeRef, style, isDragging, handle } = useSortableFile(item)
  return (
    <tr
      ref={setNodeRef}
      style={style}
      className={`border-b border-line last:border-0 ${isDragging ? 'bg-paper shadow-lg' : ''}`}
      data-testid="file-row"
      data-key={item.key}
    >
      <td className="px-3 py-2 align-middle">{handle}</td>
      {children}
    </tr>
  )
}

export function SlideView({ items: loaded, canEdit, href, styleKey }: ViewProps) {
  return (
    <SortableFiles items={loaded} styleKey={styleKey} enabled={canEdit} layout="grid">
      {(items, sortable) => (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" data-testid="files-slides">
          {items.map((item, index) =>
            sortable ? (
              <SortableSlide key={item.key} item={item}>
                <SlideBody item={item} canEdit={canEdit} href={href} {...ends(items, index)} />
              </SortableSlide>
            ) : (
              <li
                key={item.key}
                className="flex flex-col rounded-lg border border-line bg-white"
                data-testid="file-slide"
                data-key={item.key}
              >
                <SlideBody item={item} canEdit={canEdit} href={href} {...ends(items, index)} />
              </li>
            ),
          )}
        </ul>
      )}
    </SortableFiles>
  )
}

function SortableSlide({ item, children }: { item: FileItem; children: ReactNode }) {
  const { setNodeRef, style, isDragging, handle } = useSortableFile(item)
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`flex flex-col rounded-lg border border-line bg-white ${isDragging ? 'shadow-lg' : ''}`}
      data-testid="file-slide"
      data-key={item.key}
    >
      <span className="absolute left-2 top-2 z-[1]">{handle}</span>
      {children}
    </li>
  )
}

function SlideBody({ item, canEdit, href, first, last }: ItemProps) {
  const thumb = <Thumb item={item} className="aspect-[3/4] w-full rounded-t-lg" iconSize={88} />
  return (
    <>
      {item.folder ? (
        <Link to={href.folder(item.key)} className="block">
          {thumb}
        </Link>
      ) : item.image && item.original ? (
        <Link to={href.here({ open: item.key })} className="block" preventScrollReset aria-label={`Open ${item.name}`}>
          {thumb}
        </Link>
      ) : (
        thumb
      )}
      <div className="flex flex-col gap-1 p-3 text-sm">
        <ItemName item={item} href={href} />
        <span className="text-xs text-muted">
          {item.size === null ? 'Folder' : formatFileSize(item.size)} · {formatWhen(item.created, 'UTC')}
        </span>
        <RowActions item={item} canEdit={canEdit} href={href} first={first} last={last} />
      </div>
    </>
  )
}

function ActionButton({ intent, item, children }: { intent: string; item: FileItem; children: ReactNode }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className="block w-full px-4 py-2 text-left hover:bg-black/5"
      aria-label={`${typeof children === 'string' ? children : intent} ${item.name}`}
    >
      {children}
    </button>
  )
}

/** Download for everyone who sees the file; the rest for owners and editors (decision 114). */
function RowActions({ item, canEdit, href, first, last }: ItemProps) {
  const csrf = useCsrfToken()
  const download = !item.folder && item.original
  if (!canEdit) {
    return download ? (
      <Form method="post" action={href.action} reloadDocument className="text-right">
        <CsrfField token={csrf} />
        <input type="hidden" name="reference" value={item.key} />
        <button type="submit" name="intent" value="download" className="text-sm font-medium underline">
          Download
        </button>
      </Form>
    ) : null
  }
  const linkClass = 'block px-4 py-2 hover:bg-black/5'
  return (
    <div className="flex justify-end">
      <Menu name={`Actions for ${item.name}`} label={<span aria-hidden="true">⋯</span>}>
        {download ? (
          <Form method="post" action={href.action} reloadDocument>
            <CsrfField token={csrf} />
            <input type="hidden" name="reference" value={item.key} />
            <ActionButton intent="download" item={item}>
              Download
            </ActionButton>
          </Form>
        ) : null}
        <Link to={href.here({ rename: item.key })} className={linkClass} preventScrollReset>
          Rename
        </Link>
        <Link to={href.here({ move: item.key })} className={linkClass} preventScrollReset>
          Move
        </Link>
        <Form method="post" action={href.action} preventScrollReset>
          <CsrfField token={csrf} />
          <input type="hidden" name="reference" value={item.key} />
          {!first ? (
            <ActionButton intent="up" item={item}>
              Move up
            </ActionButton>
          ) : null}
          {!last ? (
            <ActionButton intent="down" item={item}>
              Move down
            </ActionButton>
          ) : null}
          {!item.folder ? (
            <ActionButton intent="clone" item={item}>
              Clone as Final
            </ActionButton>
          ) : null}
          <ActionButton intent="archive" item={item}>
            Archive
          </ActionButton>
        </Form>
        <Link to={href.here({ delete: item.key })} className={`${linkClass} text-red-700`} preventScrollReset>
          Delete
        </Link>
      </Menu>
    </div>
  )
}
