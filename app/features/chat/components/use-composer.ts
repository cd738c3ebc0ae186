// The composer of a conversation: the text and the file one is about to send, why they cannot go
// (the page's refusal of a posted form, a wrong text, a refused file), and sending them through
// the send queue. A message sent before its file is known clean waits for the scan and goes by
// itself (issue 44).
import { attachedText, messageText, SEND_FAILED } from '#app/features/chat/schemas'
import { useCsrfToken } from '#app/platform/csrf'
import { useHydrated } from '#app/ui/use-hydrated'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import * as z from 'zod/mini'
import { useChat } from './chat-provider'
import { useAttachment } from './use-attachment'
import type { MessageScroll } from './use-message-scroll'
import type { SendQueue } from './use-send-queue'
import type { Typing } from './use-typing'

export type Composer = ReturnType<typeof useComposer>

export function useComposer(
  targetKey: string,
  formError: string | null | undefined,
  queue: SendQueue,
  typing: Typing,
  scroll: MessageScroll,
) {
  const chat = useChat()
  const csrf = useCsrfToken()
  const hydrated = useHydrated()
  const { attachment, start, remove, clear: clearAttachment } = useAttachment(chat.brandKey)
  const filePicker = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | null>(formError ?? null)

  useEffect(() => setError(formError ?? null), [formError])

  /** The composer's form, for the message that waits for its file's scan and goes by itself. */
  const composer = useRef<HTMLFormElement | null>(null)
  /** A message was sent while its file was still on its way: it goes when the scan passes. */
  const [sendWhenScanned, setSendWhenScanned] = useState(false)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    composer.current = event.currentTarget
    send(event.currentTarget)
  }

  function send(form: HTMLFormElement) {
    const field = form.elements.namedItem('text') as HTMLTextAreaElement
    // A refused file cannot go.
    if (attachment?.error) {
      setSendWhenScanned(false)
      setError(attachment.error)
      return
    }
    // With a file, the text may be empty.
    const parsed = z.safeParse(attachment ? attachedText : messageText, field.value)
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? SEND_FAILED)
      return
    }
    setError(null)
    // A file still on its way: the message waits in the composer and goes when the scan passes.
    if (attachment && (attachment.status !== 'available' || !attachment.key)) {
      setSendWhenScanned(true)
      return
    }
    setSendWhenScanned(false)
    const file = attachment?.key ? { key: attachment.key, name: attachment.name } : null
    clearAttachment()
    scroll.stick()
    field.value = ''
    typing.restart()
    queue.send(parsed.data, file)
  }

  // The waiting message goes once its file is clean; a refused file says why and keeps the text.
  const sendRef = useRef(send)
  sendRef.current = send
  useEffect(() => {
    if (!sendWhenScanned) return
    if (!attachment) {
      setSendWhenScanned(false)
      return
    }
    if (attachment.error) {
      setSendWhenScanned(false)
      setError(attachment.error)
      return
    }
    if (attachment.status === 'available' && attachment.key && composer.current) sendRef.current(composer.current)
  }, [sendWhenScanned, attachment])

  // A refusal about a file no longer applies once that file is removed or another is chosen.
  const fileRefusal = useRef<string | null>(null)
  useEffect(() => {
    const refusal = attachment?.error ?? null
    const before = fileRefusal.current
    fileRefusal.current = refusal
    if (before && before !== refusal) setError((shown) => (shown === before ? null : shown))
  }, [attachment])

  const clearError = () => setError(null)

  return {
    /** The id of the text field; the file field's and the error's start with it. */
    id: `composer-${targetKey}`,
    csrf,
    hydrated,
    /** The picker shows once the page runs in the browser, in a brand's chat. */
    canAttach: hydrated && Boolean(chat.brandKey),
    error,
    clearError,
    attachment,
    waitsForScan: sendWhenScanned,
    filePicker,
    attach(file: File) {
      setError(null)
      start(file)
    },
    removeAttachment() {
      remove()
      setError(null)
      filePicker.current?.focus()
    },
    onTyping: typing.onTyping,
    onSubmit,
  }
}
