// Three calls of the S3 multipart API that s3rver (the tests' S3 server) does not answer, added
// in front of it: ListParts, ListMultipartUploads and AbortMultipartUpload. Resumable uploads
// need them (the tus S3 store asks which parts a paused upload already has, the sweep lists the
// unfinished ones); every S3 service of the README answers them. They read and remove what
// s3rver's own UploadPart wrote: one folder per multipart upload holding its key and one file
// (and its MD5) per part. Access keys are not checked on these three calls.
import fs from 'node:fs'
import path from 'node:path'

interface KoaContext {
  method: string
  path: string
  query: Record<string, string | string[] | undefined>
  status: number
  body: unknown
  type: string
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>
interface S3rverInternals {
  middleware: Middleware[]
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string }
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

function noSuchUpload(ctx: KoaContext, uploadId: string) {
  ctx.status = 404
  ctx.type = 'application/xml'
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${escapeXml(uploadId)}</UploadId></Error>`
}

/** Adds the three calls to an s3rver instance; call before `run()`. */
export function addMultipartCalls(server: unknown): void {
  const s3rver = server as S3rverInternals
  const uploadsDir = (bucket: string) => s3rver.store.getResourcePath(bucket, undefined, 'uploads')
  const calls: Middleware = async (ctx, next) => {
    const [bucket, ...keyParts] = ctx.path.split('/').filter(Boolean).map(decodeURIComponent)
    const key = keyParts.join('/')
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : null
    if (!bucket) return next()
    if (ctx.method === 'GET' && key && uploadId) {
      const dir = path.join(uploadsDir(bucket), path.basename(uploadId))
      if (!fs.existsSync(dir)) return noSuchUpload(ctx, uploadId)
      const marker = Number(ctx.query['part-number-marker'] ?? 0)
      const numbers = fs
        .readdirSync(dir)
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .filter((n) => n > marker)
        .sort((a, b) => a - b)
      const parts = numbers.map((n) => {
        const file = path.join(dir, String(n))
        const md5 = fs.readFileSync(`${file}.md5`, 'utf8').trim()
        const { size, mtime } = fs.statSync(file)
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${size}</Size></Part>`
      })
      ctx.type = 'application/xml'
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${escapeXml(uploadId)}</UploadId><PartNumberMarker>${marker}</PartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`
      return
    }
    if (ctx.method === 'DELETE' && key && uploadId) {
      const dir = path.join(uploadsDir(bucket), path.basename(uploadId))
      if (!fs.existsSync(dir)) return noSuchUpload(ctx, uploadId)
      fs.rmSync(dir, { recursive: true, force: true })
      ctx.status = 204
      return
    }
    if (ctx.method === 'GET' && !key && 'uploads' in ctx.query) {
      const dir = uploadsDir(bucket)
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : ''
      const uploads = (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
        .map((id) => {
          const keyFile = path.join(dir, id, 'key')
          if (!fs.existsSync(keyFile)) return null
          return { id, key: fs.readFileSync(keyFile, 'utf8'), initiated: fs.statSync(keyFile).mtime }
        })
        .filter((upload) => upload !== null && upload.key.startsWith(prefix))
        .map(
          (upload) =>
            `<Upload><Key>${escapeXml(upload!.key)}</Key><UploadId>${escapeXml(upload!.id)}</UploadId><Initiated>${upload!.initiated.toISOString()}</Initiated></Upload>`,
        )
      ctx.type = 'application/xml'
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult><Bucket>${escapeXml(bucket)}</Bucket><Prefix>${escapeXml(prefix)}</Prefix><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`
      return
    }
    return next()
  }
  s3rver.middleware.unshift(calls)
}
