// A realtime unit is one socket.io feature (notifications, chat, presence, upload progress) with
// its hooks. Units are registered in ./index.ts; socket.server.ts runs their hooks for every
// connection, so a new feature never touches the connection code itself.
import type { Server, Socket } from 'socket.io'
import type { ServiceDeps } from '#app/platform/context.server'
import type { Actor } from '#app/platform/access/actor'

export interface UnitContext {
  deps: ServiceDeps
  /** The account the socket was authenticated as at its handshake. */
  actor: Actor
  socket: Socket
}

/** Answers an event: the acknowledgement sent back to the client (when it asked for one). */
export type EventHandler = (context: UnitContext, payload: unknown) => Promise<unknown>

export interface RealtimeUnit {
  name: string
  /** May refuse the connection by throwing an AppError (its type becomes the connect error). */
  authorize?(context: Omit<UnitContext, 'socket'>): Promise<void> | void
  /** Rooms and state at connection time. */
  join?(context: UnitContext): Promise<void> | void
  /**
   * Client events by name. Payloads are validated against app/platform/protocol.ts's schema for the
   * event before the handler runs; a thrown AppError is answered as `{ ok: false, error: type }`.
   */
  events?: Record<string, EventHandler>
  disconnect?(context: UnitContext, reason: string): void
  /**
   * Another portal process stopped without a goodbye (realtime/fleet.ts): its sockets are gone
   * and no disconnect ran for them. Runs on every remaining process.
   */
  processGone?(context: { io: Server; deps: ServiceDeps }): Promise<void> | void
}
