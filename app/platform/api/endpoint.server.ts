// The shape of one JSON API endpoint. Each domain lists its endpoints in app/api/endpoints/;
// the router (router.server.ts) matches, authenticates and wraps results in the envelope.
import type { Readable } from 'node:stream'
import type { Request } from 'express'
import type { $ZodType } from 'zod/v4/core'
import { AppError, noSession } from '#app/platform/errors'
import type { ServiceDeps } from '#app/platform/context.server'
import type { Actor } from '#app/platform/access/actor'

export type Verb = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface ApiCall {
  actor: Actor | null
  body: unknown
  query: Record<string, string>
  key?: string
  req: Request
}

export interface Endpoint {
  verb: Verb
  /** kind/type/name, with `:key` for model routes; trailing slashes do not matter. */
  path: string
  /** false: callable without a session (the handler decides what it needs). */
  auth: boolean
  /** A GET the spec defines that still changes data: cookie callers must be same-origin too. */
  changesState?: boolean
  /** The call reads its body as multipart/form-data (a file): any other body answers 415. */
  multipart?: boolean
  /** What the call does, in a line (the OpenAPI document, app/api/openapi.server.ts). */
  summary?: string
  /** The zod schema the service reads the JSON body with: described in the OpenAPI document. */
  body?: $ZodType
  handle(deps: ServiceDeps, call: ApiCall): Promise<unknown>
}

export function requireActor(call: ApiCall): Actor {
  if (!call.actor) throw noSession()
  return call.actor
}

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization
  if (!header?.startsWith('Bearer ')) return undefined
  return header.slice('Bearer '.length).trim() || undefined
}

/** Query or body value as a trimmed string, or undefined. */
export function stringField(source: unknown, name: string): string | undefined {
  const value = (source as Record<string, unknown> | null | undefined)?.[name]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/** A query or body value that must be there: a ValidationError naming the field otherwise. */
export function requiredField(source: unknown, name: string): string {
  const value = stringField(source, name)
  if (!value) throw new AppError('ValidationError', `${name}: is required.`)
  return value
}

/**
 * A page of a list answered beside `data` rather than inside it, as the spec's list calls read
 * it: `{ data: [...], cursor, more, total? }` (catalogue.md §7). The router spreads it into the envelope.
 */
export class PagedReply<T> {
  constructor(
    readonly data: T[],
    /** Where the next page starts: an offset, or a keyset position for lists paged by key. */
    readonly cursor: number | string | null,
    readonly more: boolean,
    readonly total?: number,
    /** False when `total` is a lower bound (a search with very many hits): answered as `total_exact: false`. */
    readonly totalExact?: boolean,
  ) {}
}

export function paged<T>(page: {
  data: T[]
  cursor: number | string | null
  more: boolean
  total?: number
  totalExact?: boolean
}): PagedReply<T> {
  return new PagedReply(page.data, page.cursor, page.more, page.total, page.totalExact)
}

/** A file answered as its bytes rather than in the JSON envelope (a download). */
export class FileReply {
  constructor(
    readonly filename: string,
    readonly contentType: string,
    readonly body: Readable,
  ) {}
}
