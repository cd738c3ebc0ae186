// Chat attachments: a chat message carries a file its sender uploaded for chat, once available.
import { SCAN_MESSAGES } from '#app/features/files/file-purposes'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound } from '#app/platform/errors'
import { files } from '#db/schema'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { toFileView } from './file-uploads.server'
import { type FileRow } from './file-work.server'
import type { AttachmentFields } from './views'
import type { Actor } from '#app/platform/access/actor'
export type { AttachmentFields } from './views'

/**
 * The file a message is about to carry: the sender's own chat upload, available (scanned clean)
 * and not yet sent with another message. Anything else is refused before the message is stored.
 */
export async function requireAttachable(deps: ServiceDeps, actor: Actor, key: string): Promise<FileRow> {
  const [row] = await deps.db
    .select()
    .from(files)
    .where(and(eq(files.key, key), eq(files.uploadedBy, actor.key)))
  if (!row || row.purpose !== 'chat-attachment') throw notFound('File')
  if (row.status !== 'available') {
    throw new AppError(
      'ValidationError',
      row.status === 'quarantined'
        ? `attachment: ${SCAN_MESSAGES.quarantined}`
        : 'attachment: the file is still being uploaded or scanned.',
    )
  }
  if (row.messageKey) throw new AppError('ValidationError', 'attachment: this file was sent already.')
  return row
}

/** Marks the file as carried by the message; false when another message took it meanwhile. */
export async function attachToMessage(deps: ServiceDeps, fileKey: string, messageKey: string): Promise<FileRow | null> {
  const [row] = await deps.db
    .update(files)
    .set({ messageKey, modified: new Date() })
    .where(and(eq(files.key, fileKey), isNull(files.messageKey)))
    .returning()
  return row ?? null
}

/** The files carried by these messages, by message key. */
export async function attachmentsOf(deps: ServiceDeps, messageKeys: string[]): Promise<Map<string, FileRow>> {
  if (messageKeys.length === 0) return new Map()
  const rows = await deps.db.select().from(files).where(inArray(files.messageKey, messageKeys))
  return new Map(rows.map((row) => [row.messageKey!, row]))
}

export function attachmentFields(deps: Pick<ServiceDeps, 'blobs'>, row: FileRow): AttachmentFields | null {
  // Only a clean file is ever attached; a row that is not (any more) shows nothing.
  const view = toFileView(deps, row)
  if (!view.urls) return null
  return {
    attachment_type: row.contentType ?? 'application/octet-stream',
    attachment_name: row.originalName,
    assetMetadata: { size: row.size },
    assetUrl: view.urls.original,
    assets: view.urls,
  }
}
