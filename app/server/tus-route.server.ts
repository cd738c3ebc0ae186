// Resumable uploads with the tus protocol (tus.io) at /uploads/tus: @tus/server keeps an upload's
// bytes while they arrive (on local disk, or in the object store where any process of a fleet goes
// on with them: tus-stores.server.ts), so an interrupted upload goes on from where it stopped.
// Before tus sees a request the session is read, a cookie-carried write must come from our own
// pages, and a request about an existing upload must come from its uploader; a new upload is
// authorized from its metadata (brand, purpose, filename) before any byte is accepted. When the
// last byte is in, the file pipeline takes over (app/features/files/files.server.ts). Uploads are
// never read back through tus.
import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import express, { type Router } from 'express'
import { Server, type Upload } from '@tus/server'
import { isAppError } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { isSameOrigin } from '#app/api/router.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { actorFromCredential, readCredential } from '#app/features/identity/session-reader.server'
import {
  abandonUpload,
  authorizeUpload,
  beginUpload,
  finishUpload,
  holdingDir,
  releaseStoredUpload,
  requireOwnUpload,
  sweepAbandonedUploads,
  uploadName,
} from '#app/features/files/files.server'
import { dropStaleReservations } from '#app/features/media/media.server'
import { claimPeriodicWork } from '#app/platform/fleet-work.server'
import { reportError } from '#app/infra/error-reporting.server'
import { tusStorage } from './tus-stores.server'
import type { Actor } from '#app/platform/access/actor'

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
  const storage = tusStorage(deps, EXPIRY_MS)
  const store = storage.datastore
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
    ...(storage.locker ? { locker: storage.locker } : {}),
    maxSize: deps.env.UPLOAD_MAX_BYTES,
    relativeLocation: true,
    respectForwardedHeaders: deps.env.TRUST_PROXY,
    // An upload's address names its file key; its id in the store may carry a prefix.
    namingFunction: () => storage.idOf(newKey()),
    generateUrl: (_req, { path: base, id }) => `${base}/${storage.keyOf(id)}`,
    getFileIdFromRequest: (_req, last) => (last && /^[A-Za-z0-9_-]{1,64}$/.test(last) ? storage.idOf(last) : undefined),
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
        await beginUpload(deps, actor, { ...authorized, name, key: storage.keyOf(upload.id), size: upload.size, media })
      } catch (error) {
        if (isAppError(error)) throw tusError(error.status, error.message)
        throw error
      }
      return {}
    },
    async onUploadFinish(_req, upload: Upload) {
      const key = storage.keyOf(upload.id)
      if (storage.shared) {
        await storage.forget(upload.id)
        // Any process may check it: the bytes stay in the store until the check is done.
        await finishUpload(deps, key, { blob: upload.id }, () => releaseStoredUpload(deps, key))
      } else {
        await finishUpload(deps, key, { file: path.join(holdingDir(deps, 'tus'), key) }, () => store.remove(upload.id))
      }
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
      if (req.method === 'GET') {
        res.setHeader('Allow', 'OPTIONS, HEAD, POST, PATCH, DELETE')
        return refuse(405, 'MethodNotAllowed', 'Uploads are not read back here.')
      }
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
          if (!id) {
            res.setHeader('Allow', 'OPTIONS, POST')
            return refuse(405, 'MethodNotAllowed', `${req.method} needs an upload's address.`)
          }
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
  // With the object store, each process asks on its own timer and one process of the fleet
  // sweeps per period; on local disk each process sweeps its own folders.
  const sweepOnce = () =>
    void (async () => {
      if (storage.shared && !(await claimPeriodicWork(deps, 'upload-sweep', SWEEP_EVERY_MS - 60_000))) return
      await store.deleteExpired()
      await sweepAbandonedUploads(deps, new Date(Date.now() - EXPIRY_MS))
      await dropStaleReservations(deps, new Date(Date.now() - RESERVATION_EXPIRY_MS))
    })().catch((error: unknown) => reportError(error, { msg: 'upload sweep failure' }))
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
