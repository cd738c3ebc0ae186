// What the services ask of the outside world, as interfaces: the blob store (local disk or S3) and
// outgoing mail. The adapters in app/infra implement them; ServiceDeps (context.server.ts) carries
// them, so the platform and the features name them without importing an adapter.
import type { Readable } from 'node:stream'

export interface BlobInfo {
  contentType: string
  size: number
}

export interface PutOptions {
  /**
   * The type the bytes must be, or the types accepted. A type with a known signature
   * (app/platform/file-type.ts) is checked against the first bytes as they arrive; the blob is stored
   * with the type its bytes show.
   */
  contentType: string | readonly string[]
  /** The stream is cut off, and nothing stored, as soon as it passes this many bytes. */
  maxBytes: number
  /**
   * Stored as the one type given, its bytes not checked against it: a restore puts back what a
   * backup read, types checked when the file first came in included (docs/decisions/184).
   */
  verbatim?: boolean
}

export interface BlobStore {
  /**
   * Streams `body` into the blob `key`. Size and type are enforced while the bytes arrive; a
   * refused stream is destroyed and leaves nothing behind (BlobRefusedError).
   */
  put(key: string, body: Readable, options: PutOptions): Promise<BlobInfo>
  /** The blob's bytes and type, or null when it does not exist. */
  get(key: string): Promise<{ stream: Readable; info: BlobInfo } | null>
  delete(key: string): Promise<void>
  /** Every blob's key, in no set order (a backup reads them all). */
  list(): AsyncIterable<string>
  /**
   * Copies a blob to another key, as `contentType`, inside the store (an object store copies on
   * its side: the bytes do not pass through the portal).
   */
  copy(from: string, to: string, contentType: string): Promise<void>
  /** A URL that serves the blob until it expires (15 to 30 minutes by default). */
  signedUrl(key: string, options?: { expiresInSeconds?: number }): string
  /** Checks a signature made by signedUrl; returns the key when valid and not expired. */
  verify(key: string, expires: string, signature: string): boolean
}

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html?: string
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>
  /** Where mail lands locally; null when it leaves through SMTP. */
  outboxDir: string | null
}
