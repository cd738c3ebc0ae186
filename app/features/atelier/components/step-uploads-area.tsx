// The upload area: toolbar, drop zone, files being checked, the list or slides, the dialogs.
import { UPLOAD_EMPTY_TEXT } from '#app/features/atelier/style-steps'
import { EmptyState } from '#app/ui/misc'
import { useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { DeleteDialog, Lightbox, MoveDialog, RenameDialog } from './step-file-dialogs'
import { ListView, SlideView } from './step-file-views'
import { Toolbar, UploadArea } from './step-toolbar'
import { ScanWatcher, Unsettled } from './step-unsettled'
import { useHrefs, type StepUploadsSlotProps } from './step-uploads-props'

export function StepUploadsSlot(props: StepUploadsSlotProps) {
  const { files, canEdit } = props
  const href = useHrefs(props)
  const slot = useRef<HTMLDivElement>(null)
  const location = useLocation()
  // A menu (<details>) stays open across a page change made by script: close it once a form or
  // link of the area has taken the page elsewhere, as a page load would.
  useEffect(() => {
    slot.current?.querySelectorAll('details[open]').forEach((menu) => menu.removeAttribute('open'))
  }, [location.key])
  return (
    <div
      ref={slot}
      data-testid="step-uploads-slot"
      data-step={props.step}
      data-tab={props.tab ?? undefined}
      data-view={props.view ? `${props.view.type}/${props.view.step}` : undefined}
      className="flex flex-col gap-4"
    >
      <Toolbar {...props} href={href} />
      {canEdit ? <ScanWatcher brandKey={props.brandKey} unsettled={files.unsettled} /> : null}
      {files.unsettled.length > 0 ? <Unsettled items={files.unsettled} action={href.action} /> : null}
      {files.view === 'upload' ? (
        <UploadArea {...props} href={href} />
      ) : files.items.length === 0 ? (
        <EmptyState title={files.folder ? 'This folder is empty' : 'No files yet'}>{UPLOAD_EMPTY_TEXT}</EmptyState>
      ) : files.view === 'slide' ? (
        <SlideView items={files.items} canEdit={canEdit} href={href} styleKey={props.styleKey} />
      ) : (
        <ListView items={files.items} canEdit={canEdit} href={href} styleKey={props.styleKey} />
      )}
      {files.dialog?.kind === 'rename' ? <RenameDialog item={files.dialog.item} href={href} /> : null}
      {files.dialog?.kind === 'delete' ? <DeleteDialog item={files.dialog.item} href={href} /> : null}
      {files.dialog?.kind === 'move' ? (
        <MoveDialog item={files.dialog.item} targets={files.moveTargets} href={href} />
      ) : null}
      {files.open ? <Lightbox item={files.open} href={href} /> : null}
    </div>
  )
}
