// The file dialogs: rename, delete, move, and the lightbox.
import { REFERENCE_TEXTS } from '#app/features/atelier/references'
import type { FileItem, StepFilesData } from '../views'
import { useCsrfToken } from '#app/platform/csrf'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { CloseIcon } from '#app/ui/icons'
import { CsrfField } from '#app/ui/misc'
import { Form, Link } from '@remix-run/react'
import { type ReactNode } from 'react'
import { type Hrefs } from './step-uploads-props'

/** A dialog of one reference: its form posts `intent` with the reference, or Cancel goes back. */
function ReferenceDialog({
  item,
  href,
  title,
  intent,
  submit,
  cancel = 'Cancel',
  danger = false,
  children,
}: {
  item: FileItem
  href: Hrefs
  title: string
  intent: string
  submit: string
  cancel?: string
  danger?: boolean
  children: ReactNode
}) {
  const csrf = useCsrfToken()
  const close = href.here({})
  return (
    <RouteDialog title={title} closeTo={close}>
      <Form method="post" action={href.action} className="flex flex-col gap-4">
        <CsrfField token={csrf} />
        <input type="hidden" name="reference" value={item.key} />
        {children}
        <div className="flex justify-end gap-2">
          <Link to={close} className={buttonClass('secondary')} preventScrollReset>
            {cancel}
          </Link>
          <Button type="submit" name="intent" value={intent} variant={danger ? 'danger' : undefined}>
            {submit}
          </Button>
        </div>
      </Form>
    </RouteDialog>
  )
}

const dialogLabelClass = 'text-xs font-semibold uppercase tracking-wide text-muted'

/** §2's Rename modal: NEW NAME, CANCEL and RENAME. */
export function RenameDialog({ item, href }: { item: FileItem; href: Hrefs }) {
  return (
    <ReferenceDialog
      item={item}
      href={href}
      title={`Rename ${item.name}`}
      intent="rename"
      submit="RENAME"
      cancel="CANCEL"
    >
      <label htmlFor="new-name" className={dialogLabelClass}>
        NEW NAME
      </label>
      <input
        id="new-name"
        name="name"
        required
        maxLength={200}
        defaultValue={item.name}
        className="rounded-md border border-line px-3 py-2"
      />
    </ReferenceDialog>
  )
}

export function DeleteDialog({ item, href }: { item: FileItem; href: Hrefs }) {
  return (
    <ReferenceDialog item={item} href={href} title={`Delete ${item.name}`} intent="delete" submit="Delete" danger>
      <p className="text-sm">{REFERENCE_TEXTS.confirmDelete}</p>
      {item.folder ? <p className="text-sm text-muted">Everything in the folder goes with it.</p> : null}
    </ReferenceDialog>
  )
}

export function MoveDialog({
  item,
  targets,
  href,
}: {
  item: FileItem
  targets: StepFilesData['moveTargets']
  href: Hrefs
}) {
  // A folder cannot go into itself or below itself.
  const allowed = targets.filter((target) => !target.path.split(',').includes(item.key))
  return (
    <ReferenceDialog item={item} href={href} title={`Move ${item.name}`} intent="move" submit="Move">
      <label htmlFor="move-path" className={dialogLabelClass}>
        Move to
      </label>
      <select id="move-path" name="path" className="rounded-md border border-line px-3 py-2">
        <option value="">Top of the step</option>
        {allowed.map((target) => (
          <option key={target.key} value={target.path}>
            {target.label}
          </option>
        ))}
      </select>
    </ReferenceDialog>
  )
}

/** The original image, over the page (§2 "A lightbox opens an original image"). */
export function Lightbox({ item, href }: { item: FileItem; href: Hrefs }) {
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={item.name}
      className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-3 bg-black/85 p-6 transition-opacity duration-200"
      data-testid="lightbox"
    >
      <Link
        to={href.here({})}
        aria-label="Close"
        className="absolute right-4 top-4 rounded-full p-2 text-white hover:bg-white/10"
        preventScrollReset
      >
        <CloseIcon />
      </Link>
      {item.image && item.original ? (
        <img src={item.original} alt={item.name} className="max-h-[85vh] max-w-full object-contain" />
      ) : (
        <p className="text-white">This file can&apos;t be previewed.</p>
      )}
      <p className="text-sm text-white/80">{item.name}</p>
    </div>
  )
}
