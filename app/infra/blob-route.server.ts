// GET /blobs/{key}?expires=&signature= — serves a blob to whoever holds a URL a service signed
// after checking permissions. Images and videos show inline (the asset library's preview plays
// them); anything else downloads.
import { pipeline } from 'node:stream/promises'
import express, { type Router } from 'express'
import type { ServiceDeps } from '#app/platform/context.server'
import { isQuarantined } from './blob-store.server'

const INLINE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'video/mp4',
  'video/quicktime',
  'video/webm',
])

function decodePath(value: string): string | null {
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

export function serveBlobs(deps: ServiceDeps): Router {
  const router = express.Router()
  // Not `router.get('/*')`: Express would decode the path itself and answer a malformed one with
  // an error of its own; the key is decoded here, where a bad one gets a clear 400.
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    void (async () => {
      const key = decodePath(req.path.slice(1))
      if (key === null) {
        res.status(400).json({ error: { type: 'ValidationError', message: 'path: malformed file link.' } })
        return
      }
      const expires = typeof req.query.expires === 'string' ? req.query.expires : ''
      const signature = typeof req.query.signature === 'string' ? req.query.signature : ''
      // A quarantined file is never served, whatever signature the link carries.
      if (isQuarantined(key)) {
        res.status(404).json({ error: { type: 'NotFound', message: 'File not found.' } })
        return
      }
      if (!deps.blobs.verify(key, expires, signature)) {
        res.status(403).json({ error: { type: 'PermissionError', message: 'This link has expired or is not valid.' } })
        return
      }
      const blob = await deps.blobs.get(key)
      if (!blob) {
        res.status(404).json({ error: { type: 'NotFound', message: 'File not found.' } })
        return
      }
      const inline = INLINE_TYPES.has(blob.info.contentType)
      res.setHeader('Content-Type', inline ? blob.info.contentType : 'application/octet-stream')
      res.setHeader('Content-Length', String(blob.info.size))
      res.setHeader('Content-Disposition', inline ? 'inline' : 'attachment')
      res.setHeader('Cache-Control', `private, max-age=${Math.max(0, Number(expires) - Math.floor(Date.now() / 1000))}`)
      // HEAD asks for the headers only; the body stream is given back at once.
      if (req.method === 'HEAD') {
        blob.stream.destroy()
        res.end()
        return
      }
      // A client gone mid-way releases the store's stream (an object store's connection with it);
      // a store failing mid-way ends the answer instead of throwing where nobody listens.
      await pipeline(blob.stream, res).catch(() => undefined)
    })().catch(() => {
      if (!res.headersSent) res.status(500).json({ error: { type: 'UnexpectedError', message: 'File unavailable.' } })
    })
  })
  return router
}
