// Resumable uploads with the tus protocol (tus.io) at /uploads/tus: @tus/server with its file
// store keeps an upload's bytes on local disk while they arrive, so an interrupted upload goes on
// from where it stopped. Before tus sees a request the session is read, a cookie-carried write
// must come from our own pages, and a request about an existing upload must come from its
// uploader; a new upload is authorized from its metadata (brand, purpose, filename) before any
// byte is accepted. When the last byte is in, the file pipeline takes over
// (app/features/files/files.server.ts). Uploads are never read back through tus.
import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import express, { type Router } from 'express'
import { Server, type Upload } from '@tus/server'
import { FileStore } from '@tus/file-store'
import { isAppError } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { isSameOrigin } from '#app/api/router.server'
import type { Actor } from '#app/features/identity/accounts.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { actorFromCredential, readCredential } from '#app/features/identity/session-reader.server'
import {
  abandonUpload,
  authorizeUpload,
  beginUpload,
  finishUpload,
  holdingDir,
  requireOwnUpload,
  sweepAbandonedUploads,
  uploadName,
} from '#app/features/files/files.server'
import { dropStaleReservations } from '#app/features/media/media.server'
import { reportError } from './error-reporting.server'

export const TUS_PATH = '/uploads/tus'
/** An upload not finished within a day is dropped with its bytes. */
const EXPIRY_MS = 24 * 60 * 60 * 1000
/** A preflight's reserved photo name with no upload started after this long is dropped. */
const RESERVATION_EXPIRY_MS = 60 * 60 * 1000
const SWEEP_EVERY_MS = 15 * 60 * 1000

export interface TusLayer {
  router: Router
  close(): void
}

/** A tus error: plain text, as tus clients read it. */
const tusError = (status_code: number, body: string) => ({ status_code, body: `${body}\n` })

export function serveTus(deps: ServiceDeps): TusLayer {
  const directory = holdingDir(deps, 'tus')
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: EXPIRY_MS })
  // The actor of each request, read by the middleware below before tus handles it.
  const actors = new WeakMap<IncomingMessage, Actor>()
  const actorOf = (req: { runtime?: { node?: { req: IncomingMessage } } }) => {
    const node = req.runtime?.node?.req
    const actor = node && actors.get(node)
    if (!actor) throw tusError(401, 'You are not signed in.')
    return actor
  }

  const tus = new Server({
    path: TUS_PATH,
    datastore: store,
    maxSize: deps.env.UPLOAD_MAX_BYTES,
    relativeLocation: true,
    respectForwardedHeaders: deps.env.TRUST_PROXY,
    namingFunction: () => newKey(),
    async onUploadCreate(req, upload: Upload) {
      const actor = actorOf(req as never)
      if (upload.sizeIsDeferred) throw tusError(400, 'Upload-Length: give the file’s size.')
      try {
        const meta = upload.metadata ?? {}
        const authorized = authorizeUpload(deps, actor, {
          brand: meta.brand,
          purpose: meta.purpose,
          size: upload.size,
        })
        const name = uploadName(meta.filename ?? meta.name)
        // A product photo names the media row the preflight reserved for it.
        const media = meta.media ?? undefined
        await beginUpload(deps, actor, { ...authorized, name, key: upload.id, size: upload.size, media })
      } catch (error) {
        if (isAppError(error)) throw tusError(error.status, error.message)
        throw error
      }
      return {}
    },
    async onUploadFinish(_req, upload: Upload) {
      await finishUpload(deps, upload.id, path.join(directory, upload.id), () => store.remove(upload.id))
      return {}
    },
    onResponseError(_req, error) {
      if ('status_code' in error) {
        // tus's own "Maximum size exceeded" (past UPLOAD_MAX_BYTES) in words a person reads.
        if (error.status_code === 413 && error.body.startsWith('Maximum size')) {
          return tusError(
            413,
            `The file is too large: the most an upload may be is ${deps.env.UPLOAD_MAX_BYTES} bytes.`,
          )
        }
        return undefined
      }
      reportError(error, { msg: 'tus upload failure' })
      return undefined
    },
  })

  const router = express.Router()
  router.use((req, res) => {
    const refuse = (status: number, type: string, message: string) => {
      if (!res.headersSent) res.status(status).json({ error: { type, message } })
    }
    void (async () => {
      res.setHeader('Cache-Control', 'no-store')
      // An upload's bytes are read back only as a checked file, through /blobs.
      if (req.method === 'GET') return refuse(405, 'NotFound', 'Uploads are not read back here.')
      if (req.method !== 'OPTIONS') {
        const credential = readCredential(req.headers, { bearer: true })
        const actor = await actorFromCredential(deps, credential)
        // A cookie-carried write must come from our own pages (docs/decisions/006).
        if (credential?.kind === 'cookie' && req.method !== 'HEAD' && !isSameOrigin(req, deps)) {
          return refuse(403, 'PermissionError', 'Cross-site request refused.')
        }
        actors.set(req, actor)
        const id = req.path.split('/').filter(Boolean)[0]
        if (req.method === 'POST') {
          if (id) return refuse(404, 'NotFound', 'No such upload address.')
        } else {
          if (!id) return refuse(405, 'NotFound', `${req.method} needs an upload's address.`)
          await requireOwnUpload(deps, actor, id)
          if (req.method === 'DELETE') res.once('finish', () => void abandonUpload(deps, id))
        }
      }
      // Express hands this router the path without its mount point; tus matches the whole path.
      req.url = req.originalUrl
      await tus.handle(req, res)
    })().catch((error: unknown) => {
      if (isAppError(error)) return refuse(error.status, error.type, error.message)
      reportError(error, { msg: 'tus request failure', path: req.originalUrl, method: req.method })
      refuse(500, 'UnexpectedError', 'There is a system error, try again later.')
    })
  })

  // Unfinished uploads older than a day go, tus parts, form bytes and records. A photo name
  // reserved by a preflight whose upload never started goes after an hour: an upload ties itself
  // to its name as it starts, so an hour without one means the batch was abandoned (closed tab).
  const sweepOnce = () =>
    void store
      .deleteExpired()
      .then(() => sweepAbandonedUploads(deps, new Date(Date.now() - EXPIRY_MS)))
      .then(() => dropStaleReservations(deps, new Date(Date.now() - RESERVATION_EXPIRY_MS)))
      .catch((error: unknown) => reportError(error, { msg: 'upload sweep failure' }))
  const sweep = setInterval(sweepOnce, SWEEP_EVERY_MS)
  sweep.unref()
  // Also soon after a start, so a portal restarted often still sweeps.
  const first = setTimeout(sweepOnce, 30_000)
  first.unref()
  return {
    router,
    close: () => {
      clearInterval(sweep)
      clearTimeout(first)
    },
  }
}
