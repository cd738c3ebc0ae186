// The chat composer's form without JavaScript: a message with an optional file, posted as one
// multipart form. The file goes through the same pipeline as every upload (app/features/files/
// files.server.ts): the sender must be able to post in the conversation and upload for its brand
// before any byte is read, the bytes stream to local disk counted against the limit, and then the
// file is checked. The page waits for that check before it sends the message with the file.
import {
  abandonUpload,
  authorizeUpload,
  beginUpload,
  FileTooLargeError,
  finishUpload,
  holdingDir,
  uploadName,
  writeLimitedPart,
  type FileRow,
} from '#app/features/files/index.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, isAppError, notFound, permissionError } from '#app/platform/errors'
import { MaxPartSizeExceededError, unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node'
import fs from 'node:fs'
import path from 'node:path'
import { watchConversation } from './chat.server'
import type { Actor } from '#app/platform/access/actor'

/** The message's text and the form's other small fields fit in this. */
const MAX_FIELDS_BYTES = 64 * 1024

export interface ChatForm {
  fields: FormData
  /** The file sent with the message, now being checked; null when none was chosen. */
  file: FileRow | null
}

export interface ChatFormTarget {
  conversation: string
  /** The brand of the page: a conversation of another brand is not found here. */
  brand: string
  /** Checks the small fields before the file is read (the CSRF token); throws to refuse. */
  verify: (fields: FormData) => Promise<void>
}

/**
 * Reads the composer's form, for a conversation of the brand in the address (else NotFound). A
 * plain (urlencoded) form is read as it is. A multipart form is authorized before its body is
 * read: the actor must be able to post in the conversation and to upload chat files for it. Its small fields come first and are verified when
 * the file part begins; the file's bytes then stream into the pipeline.
 */
export async function receiveChatForm(
  deps: ServiceDeps,
  actor: Actor,
  request: Request,
  target: ChatFormTarget,
): Promise<ChatForm> {
  // Either way, only under the address of the conversation's own brand.
  const { conversation, mayPost } = await watchConversation(deps, actor, target.conversation)
  if (conversation.brandKey !== target.brand) throw notFound('Conversation')
  const type = request.headers.get('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    const fields = await request.formData()
    await target.verify(fields)
    return { fields, file: null }
  }
  if (!mayPost) throw permissionError('Only editors and owners of the object write in its comments.')
  const authorized = authorizeUpload(deps, actor, { brand: conversation.brandKey, purpose: 'chat-attachment' })
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > authorized.maxBytes + MAX_FIELDS_BYTES) throw new FileTooLargeError(authorized.maxBytes)

  const dir = holdingDir(deps, 'form')
  await fs.promises.mkdir(dir, { recursive: true })
  const fields = new FormData()
  let fieldBytes = 0
  let verified = false
  let received: { row: FileRow; file: string } | null = null
  let failure: unknown = null
  const drain = async (data: AsyncIterable<Uint8Array>): Promise<undefined> => {
    for await (const _chunk of data) void _chunk
    return undefined
  }
  const handler: UploadHandler = async (part) => {
    if (typeof part.filename !== 'string') {
      const chunks: Uint8Array[] = []
      for await (const chunk of part.data) {
        fieldBytes += chunk.byteLength
        if (fieldBytes > MAX_FIELDS_BYTES) throw new MaxPartSizeExceededError(part.name, MAX_FIELDS_BYTES)
        chunks.push(chunk)
      }
      fields.append(part.name, Buffer.concat(chunks).toString('utf8'))
      return undefined
    }
    // One `file` part, and none once something went wrong: the rest is read past.
    if (part.name !== 'file' || received || failure) return drain(part.data)
    try {
      if (!verified) {
        await target.verify(fields)
        verified = true
      }
      // The file input left empty: a message without a file.
      if (part.filename === '') return await drain(part.data)
      const name = uploadName(part.filename)
      const row = await beginUpload(deps, actor, { ...authorized, name })
      const file = path.join(dir, row.key)
      received = { row, file }
      await writeLimitedPart(part.data, file, authorized.maxBytes)
    } catch (error) {
      failure = error
      // Too large: not read on, the reply goes out at once. Otherwise the form is read to its end.
      if (error instanceof FileTooLargeError) throw error
      await drain(part.data).catch(() => undefined)
    }
    return undefined
  }
  try {
    await unstable_parseMultipartFormData(request, handler)
  } catch (error) {
    failure ??= error
  }
  const got = received as { row: FileRow; file: string } | null
  if (failure) {
    if (got) {
      await fs.promises.rm(got.file, { force: true })
      await abandonUpload(deps, got.row.key)
    }
    // The CSRF refusal is the page's own reply (a Response); AppErrors are the page's to show.
    if (failure instanceof Response || isAppError(failure)) throw failure
    if (failure instanceof MaxPartSizeExceededError) throw new AppError('ValidationError', 'A form field is too long.')
    throw new AppError('ValidationError', 'The message could not be read. Try again.')
  }
  if (!verified) await target.verify(fields)
  if (!got) return { fields, file: null }
  const row = await finishUpload(deps, got.row.key, { file: got.file }, () => fs.promises.rm(got.file, { force: true }))
  return { fields, file: row }
}
