// One conversation on screen: its messages oldest to newest, older pages on scrolling back, and
// the composer. The same view serves the chat bar, the chat page and an object's comment thread.
// Rendered on the server it is plain HTML with forms and links (the page reloads to show new
// messages); in the browser it goes live over the page's socket: messages arrive as they are
// stored, sending waits in an outbox until the server has the message (docs/decisions/057).
import { SCAN_MESSAGES } from '#app/features/files'
import { formatFileSize, formatWhen } from '#app/platform/format'
import { Button, buttonClass } from '#app/ui/button'
import { ErrorList } from '#app/ui/field'
import { CloseIcon, PaperclipIcon } from '#app/ui/icons'
import { Avatar, CsrfField, EmptyState } from '#app/ui/misc'
import { Form, Link } from '@remix-run/react'
import { MessageAttachment } from './message-attachment'
import { CHAT_ATTACHMENT_ACCEPT, type Attachment } from './use-attachment'
import { SENDS_WHEN_SCANNED, useConversation, type ConversationProps } from './use-conversation'

export { SENDS_WHEN_SCANNED, type ConversationLinks } from './use-conversation'

/** The friendly empty state of a conversation (docs/decisions/059). */
export const NO_MESSAGES = 'No messages yet. Say hello!'
export const DELETE_MESSAGE_QUESTION = 'Delete this message?'
export const DELETE_THREAD_QUESTION = 'Delete this conversation and all its messages for everyone in it?'
export const LEAVE_CONVERSATION_QUESTION = 'Leave this conversation? It disappears from your list; the others keep it.'

export function ConversationView(props: ConversationProps) {
  const { target, selfKey, links, header, messageAction, className } = props
  const {
    deleted,
    chat,
    csrf,
    messages,
    before,
    mayPost,
    removal,
    loading,
    loadError,
    conversationKey,
    pending,
    seenSeq,
    typing,
    confirming,
    setConfirming,
    composerError,
    setComposerError,
    loadingOlder,
    live,
    scroller,
    targetKey,
    hydrated,
    attachment,
    sendWhenScanned,
    attach,
    removeAttachment,
    filePicker,
    loadOlder,
    onScroll,
    onSubmit,
    onTyping,
    deleteMessage,
    deleteThread,
  } = useConversation(props)
  if (deleted) {
    return (
      <div className={`flex flex-1 items-center justify-center p-6 ${className}`}>
        <EmptyState
          title={removal === 'leave' ? 'You left this conversation.' : 'This conversation has been deleted.'}
        />
      </div>
    )
  }
  const last = messages.at(-1)
  const seen = last && last.senderKey === selfKey && pending.length === 0 && seenSeq >= last.seq
  return (
    <section
      className={`flex min-h-0 flex-1 flex-col ${className}`}
      aria-label="Conversation"
      data-testid="conversation"
      data-live={live || undefined}
    >
      {header || (conversationKey && removal) ? (
        <div data-toast-avoid className="flex items-center gap-3 border-b border-line px-4 py-3">
          <div className="min-w-0 flex-1">{header}</div>
          {conversationKey && removal && 'conversation' in target ? (
            <Link
              to={links?.deleteThread ?? '#'}
              className="shrink-0 text-xs text-muted underline-offset-4 hover:text-red-700 hover:underline"
              onClick={(event) => {
                event.preventDefault()
                setConfirming('thread')
              }}
            >
              {removal === 'leave' ? 'Leave conversation' : 'Delete conversation'}
            </Link>
          ) : null}
        </div>
      ) : null}
      {confirming === 'thread' ? (
        <Confirm
          question={removal === 'leave' ? LEAVE_CONVERSATION_QUESTION : DELETE_THREAD_QUESTION}
          onConfirm={deleteThread}
          onCancel={() => setConfirming(null)}
          label={removal === 'leave' ? 'Leave conversation' : 'Delete conversation'}
        />
      ) : null}
      <div
        ref={scroller}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto px-4 py-3"
        data-testid="messages"
        // Scrollable content must be reachable by keyboard.
        tabIndex={0}
        role="log"
        aria-label="Messages"
        aria-busy={loading || undefined}
      >
        {loading ? (
          <MessagesLoading />
        ) : loadError ? (
          <p className="py-8 text-center text-sm text-red-700">{loadError}</p>
        ) : (
          <>
            {before ? (
              <div className="mb-3 text-center">
                <Link
                  to={links?.older(before) ?? '#'}
                  className="text-xs text-muted underline underline-offset-4 hover:text-ink"
                  onClick={(event) => {
                    event.preventDefault()
                    void loadOlder()
                  }}
                >
                  {loadingOlder ? 'Loading…' : 'Older messages'}
                </Link>
              </div>
            ) : null}
            {messages.length === 0 && pending.length === 0 ? (
              <p className="py-10 text-center text-sm text-muted">{NO_MESSAGES}</p>
            ) : (
              <ol className="flex flex-col gap-4">
                {messages.map((message) => {
                  const own = message.senderKey === selfKey
                  return (
                    <li
                      key={message.key}
                      data-testid="message"
                      data-own={own || undefined}
                      className={`group flex gap-3 ${own ? 'flex-row-reverse' : ''}`}
                    >
                      <Avatar name={message.sender} src={message.profilePictureUrl} size={32} />
                      <div className={`flex min-w-0 max-w-[85%] flex-col ${own ? 'items-end' : 'items-start'}`}>
                        <p
                          className={`flex min-w-0 max-w-full items-baseline gap-2 text-sm ${own ? 'flex-row-reverse' : ''}`}
                        >
                          <span data-toast-clear className="truncate font-medium">
                            {message.sender}
                          </span>
                          {/* In the viewer's time zone, which the server does not know. */}
                          <time
                            dateTime={message.created}
                            className="shrink-0 whitespace-nowrap text-xs text-muted"
                            suppressHydrationWarning
                          >
                            {formatWhen(message.created)}
                          </time>
                        </p>
                        <p
                          className={`mt-1 whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm leading-relaxed ${
                            own ? 'rounded-tr-sm bg-ink text-white' : 'rounded-tl-sm border border-line bg-white'
                          }`}
                          data-testid="message-text"
                        >
                          {message.text}
                        </p>
                        <MessageAttachment message={message} />
                        {own || messageAction ? (
                          // Under the message, so a narrow thread (a side panel) keeps its name and time on
                          // one line. Delete shows on the message one points at or tabs to (always on a
                          // touch screen), so a list of one's own messages is not a column of Delete links.
                          <p className={`mt-1 flex flex-wrap gap-x-3 text-xs ${own ? 'justify-end' : ''}`}>
                            {messageAction?.(message)}
                            {own ? (
                              <Link
                                to={links?.deleteMessage(message.key) ?? '#'}
                                className="whitespace-nowrap text-muted underline-offset-4 opacity-0 transition-opacity hover:text-red-700 hover:underline focus:opacity-100 group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:none)]:opacity-100"
                                onClick={(event) => {
                                  event.preventDefault()
                                  setConfirming(message.key)
                                }}
                              >
                                Delete
                              </Link>
                            ) : null}
                          </p>
                        ) : null}
                        {confirming === message.key ? (
                          <Confirm
                            question={DELETE_MESSAGE_QUESTION}
                            onConfirm={() => deleteMessage(message.key)}
                            onCancel={() => setConfirming(null)}
                            label="Delete"
                          />
                        ) : null}
                        {message === last && seen ? (
                          <p className="mt-1 text-xs text-muted" data-testid="seen">
                            Seen
                          </p>
                        ) : null}
                      </div>
                    </li>
                  )
                })}
                {pending.map((entry) => (
                  <li key={entry.client_key} data-testid="pending-message" className="flex gap-3 opacity-70">
                    <Avatar name="You" size={32} />
                    <div className="min-w-0 flex-1">
                      <p className="text-xs text-muted">{entry.failed ? 'Not sent' : 'Sending…'}</p>
                      <p className="whitespace-pre-wrap break-words text-sm">{entry.text}</p>
                      {entry.attachment ? (
                        <p className="mt-1 flex items-center gap-1 text-xs text-muted">
                          <PaperclipIcon width={14} height={14} />
                          {entry.attachment.name}
                        </p>
                      ) : null}
                      {entry.failed ? (
                        <p className="text-xs text-red-700" role="alert">
                          {entry.failed}
                        </p>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </div>
      <p className="h-5 px-4 text-xs italic text-muted" aria-live="polite" data-testid="typing">
        {typing ? `${typing} is typing…` : ''}
      </p>
      {mayPost ? (
        <Form
          method="post"
          action={links?.send}
          encType={links?.sendFiles ? 'multipart/form-data' : undefined}
          onSubmit={onSubmit}
          className="flex flex-col gap-1 border-t border-line px-4 py-3"
          noValidate
        >
          {/* The token before the file: the page checks it before it reads the file. */}
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="send" />
          {attachment ? (
            <ComposerAttachment
              attachment={attachment}
              waiting={sendWhenScanned}
              onRemove={() => {
                removeAttachment()
                setComposerError(null)
                filePicker.current?.focus()
              }}
            />
          ) : null}
          <div className="flex items-end gap-2">
            {hydrated && chat.brandKey ? (
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
                    setComposerError(null)
                    attach(file)
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
            <label htmlFor={`composer-${targetKey}`} className="sr-only">
              Message
            </label>
            <textarea
              id={`composer-${targetKey}`}
              name="text"
              rows={2}
              placeholder="Write a message…"
              aria-invalid={composerError ? true : undefined}
              aria-describedby={composerError ? `composer-${targetKey}-error` : undefined}
              onInput={onTyping}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault()
                  event.currentTarget.form?.requestSubmit()
                }
              }}
              className={`min-h-[2.75rem] flex-1 resize-none rounded-md border bg-white px-3 py-2 text-sm outline-none focus:border-ink ${
                composerError ? 'border-red-600' : 'border-line'
              }`}
            />
            <Button type="submit">Send</Button>
          </div>
          {!hydrated && links?.sendFiles ? (
            <div className="flex items-center gap-2 text-xs text-muted">
              <label htmlFor={`composer-${targetKey}-file`}>Attach a file</label>
              <input
                id={`composer-${targetKey}-file`}
                type="file"
                name="file"
                accept={CHAT_ATTACHMENT_ACCEPT}
                className="text-xs file:mr-2 file:rounded-md file:border file:border-line file:bg-white file:px-2 file:py-1 file:text-xs"
              />
            </div>
          ) : null}
          <ErrorList id={`composer-${targetKey}-error`} errors={composerError ? [composerError] : null} />
        </Form>
      ) : (
        <p className="border-t border-line px-4 py-3 text-xs text-muted">You can read these comments.</p>
      )}
    </section>
  )
}

function Confirm({
  question,
  label,
  onConfirm,
  onCancel,
}: {
  question: string
  label: string
  onConfirm: () => void
  onCancel: () => void
}) {
  return (
    <div role="alertdialog" aria-label={question} className="my-2 rounded-md border border-line bg-canvas p-3 text-sm">
      <p>{question}</p>
      <div className="mt-2 flex justify-end gap-2">
        <button type="button" className={buttonClass('secondary', 'px-3 py-1')} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={buttonClass('danger', 'px-3 py-1')} onClick={onConfirm} autoFocus>
          {label}
        </button>
      </div>
    </div>
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

function MessagesLoading() {
  return (
    <div className="flex flex-col gap-4" data-testid="messages-loading" aria-label="Loading messages">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex animate-pulse gap-3">
          <span className="h-8 w-8 shrink-0 rounded-full bg-black/10" />
          <div className="flex-1 space-y-2">
            <span className="block h-3 w-1/3 rounded bg-black/10" />
            <span className="block h-3 w-2/3 rounded bg-black/5" />
          </div>
        </div>
      ))}
      <span className="sr-only">Loading messages…</span>
    </div>
  )
}
