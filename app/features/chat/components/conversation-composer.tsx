// The composer of a conversation view: the text, the file picker (in the browser) or the form's
// own file field (without JavaScript), the file waiting in it, and why a message cannot go.
import { SCAN_MESSAGES } from '#app/features/files'
import { formatFileSize } from '#app/platform/format'
import { Button } from '#app/ui/button'
import { ErrorList } from '#app/ui/field'
import { CloseIcon, PaperclipIcon } from '#app/ui/icons'
import { CsrfField } from '#app/ui/misc'
import { Form } from '@remix-run/react'
import { CHAT_ATTACHMENT_ACCEPT, type Attachment } from './use-attachment'
import type { Composer } from './use-composer'
import { SENDS_WHEN_SCANNED, type ConversationLinks } from './use-conversation'

export function ConversationComposer({ composer, links }: { composer: Composer; links?: ConversationLinks }) {
  const { id, error, attachment, filePicker } = composer
  return (
    <Form
      method="post"
      action={links?.send}
      encType={links?.sendFiles ? 'multipart/form-data' : undefined}
      onSubmit={composer.onSubmit}
      className="flex flex-col gap-1 border-t border-line px-4 py-3"
      noValidate
    >
      {/* The token before the file: the page checks it before it reads the file. */}
      <CsrfField token={composer.csrf} />
      <input type="hidden" name="intent" value="send" />
      {attachment ? (
        <ComposerAttachment
          attachment={attachment}
          waiting={composer.waitsForScan}
          onRemove={composer.removeAttachment}
        />
      ) : null}
      <div className="flex items-end gap-2">
        {composer.canAttach ? (
          <>
            <input
              ref={filePicker}
              type="file"
              accept={CHAT_ATTACHMENT_ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="attach-input"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0]
                event.currentTarget.value = ''
                if (!file) return
                composer.attach(file)
              }}
            />
            <button
              type="button"
              onClick={() => filePicker.current?.click()}
              className="flex h-11 w-11 shrink-0 items-center justify-center rounded-md border border-line bg-white text-muted hover:bg-black/5 hover:text-ink focus-visible:outline focus-visible:outline-2 focus-visible:outline-ink"
              aria-label="Attach a file"
              title="Attach a file"
            >
              <PaperclipIcon />
            </button>
          </>
        ) : null}
        <label htmlFor={id} className="sr-only">
          Message
        </label>
        <textarea
          id={id}
          name="text"
          rows={2}
          placeholder="Write a message…"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onInput={composer.onTyping}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault()
              event.currentTarget.form?.requestSubmit()
            }
          }}
          className={`min-h-[2.75rem] flex-1 resize-none rounded-md border bg-white px-3 py-2 text-sm outline-none focus:border-ink ${
            error ? 'border-red-600' : 'border-line'
          }`}
        />
        <Button type="submit">Send</Button>
      </div>
      {!composer.hydrated && links?.sendFiles ? (
        <div className="flex items-center gap-2 text-xs text-muted">
          <label htmlFor={`${id}-file`}>Attach a file</label>
          <input
            id={`${id}-file`}
            type="file"
            name="file"
            accept={CHAT_ATTACHMENT_ACCEPT}
            className="text-xs file:mr-2 file:rounded-md file:border file:border-line file:bg-white file:px-2 file:py-1 file:text-xs"
          />
        </div>
      ) : null}
      <ErrorList id={`${id}-error`} errors={error ? [error] : null} />
    </Form>
  )
}

/** The file waiting in the composer: its name, its progress in whole percent, its scan state. */
function ComposerAttachment({
  attachment,
  waiting,
  onRemove,
}: {
  attachment: Attachment
  /** A message waits for this file's scan and goes by itself. */
  waiting: boolean
  onRemove: () => void
}) {
  const { name, size, progress, status, error, preview } = attachment
  const refused = status === 'quarantined' || status === 'failed'
  const state =
    status === 'uploading'
      ? progress < 0
        ? 'Starting…'
        : `${progress}%`
      : status === 'scanning'
        ? 'Scanning…'
        : status === 'available'
          ? SCAN_MESSAGES.available
          : error
  return (
    <div
      className={`mb-1 flex items-center gap-3 rounded-md border px-2 py-2 ${refused ? 'border-red-200 bg-red-50' : 'border-line bg-canvas'}`}
      data-testid="composer-attachment"
      data-status={status}
    >
      {preview ? (
        <img src={preview} alt="" className="h-12 w-9 shrink-0 rounded object-cover" />
      ) : (
        <span className="flex h-12 w-9 shrink-0 items-center justify-center rounded bg-black/5 text-muted">
          <PaperclipIcon width={16} height={16} />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="flex items-baseline gap-2 text-sm">
          <span className="truncate font-medium" data-testid="composer-attachment-name">
            {name}
          </span>
          <span className="shrink-0 text-xs text-muted">{formatFileSize(size)}</span>
        </p>
        {status === 'uploading' ? (
          <div
            className="mt-1 h-1 overflow-hidden rounded-full bg-black/10"
            role="progressbar"
            aria-label={`Uploading ${name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.max(progress, 0)}
          >
            <div className="h-full bg-ink transition-[width]" style={{ width: `${Math.max(progress, 0)}%` }} />
          </div>
        ) : null}
        <p
          className={`mt-0.5 text-xs ${refused ? 'text-red-700' : 'text-muted'}`}
          data-testid="composer-attachment-state"
          aria-live="polite"
        >
          {state}
        </p>
        {waiting && !refused ? (
          <p className="mt-0.5 text-xs text-ink" data-testid="composer-attachment-waiting" role="status">
            {SENDS_WHEN_SCANNED}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={onRemove}
        className="shrink-0 rounded p-1 text-muted hover:bg-black/5 hover:text-ink"
        aria-label={`Remove ${name}`}
        title="Remove"
      >
        <CloseIcon />
      </button>
    </div>
  )
}
