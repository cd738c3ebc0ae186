// The file a chat message carries (atelier.md §3 Message: attachment_name, attachment_type,
// assetMetadata.size, assetUrl): an image shows its 300 × 400 thumbnail, opening the web size;
// any other file is a download link with its size (atelier.md §9, base 1024).
import { formatFileSize } from '#app/platform/format'
import type { MessageView } from './chat-client'

export function MessageAttachment({ message }: { message: MessageView }) {
  if (!message.assetUrl || !message.attachment_name) return null
  const thumbnail = message.assets?.thumbnail
  if (thumbnail && message.attachment_type?.startsWith('image/')) {
    return (
      <a
        href={message.assets?.web ?? message.assetUrl}
        target="_blank"
        rel="noreferrer"
        className="mt-2 inline-block overflow-hidden rounded-md border border-line"
        data-testid="message-attachment"
      >
        <img
          src={thumbnail}
          alt={message.attachment_name}
          width={120}
          height={160}
          className="block h-40 w-[120px] object-cover"
        />
      </a>
    )
  }
  return (
    <a
      href={message.assetUrl}
      download={message.attachment_name}
      className="mt-2 inline-flex items-center gap-2 rounded-md border border-line px-3 py-2 text-sm hover:bg-black/5"
      data-testid="message-attachment"
    >
      <span className="font-medium">{message.attachment_name}</span>
      <span className="text-xs text-muted">{formatFileSize(message.assetMetadata?.size ?? 0)}</span>
    </a>
  )
}
