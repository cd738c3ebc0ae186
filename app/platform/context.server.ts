// What every service receives: the database, the identity provider, the realtime publisher and
// the parsed environment. Built once in server.ts and handed to Remix as load context.
import type { Database } from '#db/client'
import type { Env } from '#app/env.server'
import type { IdentityProvider } from './identity-provider'
import type { BlobStore, Mailer } from './ports'

/** Pushes an event to a socket.io room; stored data is written before anything is published. */
export interface EventPublisher {
  publish(room: string, event: string, payload: unknown): void
  /**
   * Cuts an account's live connections to a brand after it lost a grant there, on every process:
   * its Yjs documents of that brand are closed (a reconnect is authorized afresh) and, with
   * `leaveRoom`, its sockets leave the brand's room.
   */
  revokeBrandAccess(accountKey: string, brandKey: string, options?: { leaveRoom?: boolean }): void
  /**
   * Closes every live connection (socket.io and Yjs, on every process) opened with these
   * sessions, given by the SHA-256 of their ids: the sign-in they belonged to has ended.
   */
  endSessions(sessionHashes: readonly string[]): void
  /** Every socket of the account, on every process, joins (or leaves) these rooms. */
  joinRooms(accountKey: string, rooms: readonly string[]): void
  leaveRooms(accountKey: string, rooms: readonly string[]): void
  /** The accounts with at least one socket in the room, on every process. */
  accountsIn(room: string): Promise<Set<string>>
  /** The sockets in the room, on every process: whose each is and whether its tab reported itself idle. */
  socketsIn(room: string): Promise<{ id: string; account: string; idle: boolean }[]>
  /**
   * Hands a change the server made to a Yjs document to its viewers. True when the document is
   * open in this process: it takes the update, stores it and sends it on. False otherwise: other
   * processes that hold it open get it, and the caller stores it (changeDocument does both).
   */
  applyDocumentUpdate(docName: string, update: Uint8Array /* format 1 */): Promise<boolean>
  /**
   * Resolves once every change this process has received for the document from its viewers is
   * stored: a service that reads the stored document right after a person drew on it (a pin just
   * placed, then marked as a change request) sees what they drew.
   */
  documentStored(docName: string): Promise<void>
  /**
   * Closes every live connection to a Yjs document, on every process: each opens again and is
   * authorized afresh (a sample locked as Final then opens read-only for everyone).
   */
  closeDocument(docName: string): void
}

/** For command-line scripts (seed, migrations) that run with no sockets connected. */
export const noSubscribers: EventPublisher = {
  publish() {},
  revokeBrandAccess() {},
  endSessions() {},
  joinRooms() {},
  leaveRooms() {},
  accountsIn: () => Promise.resolve(new Set()),
  socketsIn: () => Promise.resolve([]),
  applyDocumentUpdate: () => Promise.resolve(false),
  documentStored: () => Promise.resolve(),
  closeDocument() {},
}

export interface ServiceDeps {
  db: Database
  identity: IdentityProvider
  events: EventPublisher
  env: Env
  mailer: Mailer
  blobs: BlobStore
  /** Public base URL for links in e-mails and copied invite URLs (APP_URL, else where we listen). */
  appUrl: string
  /** Server secret for signatures the server checks itself later (human-check challenges). */
  signingSecret: string
}
