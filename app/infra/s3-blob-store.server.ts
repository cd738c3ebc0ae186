// Blobs in S3-compatible object storage (AWS S3, Cloudflare R2, Google Cloud Storage's XML API,
// MinIO, Ceph RGW…) through the AWS SDK v3, so every process of a fleet reads what any of them
// stored. Bytes stream in and out: a large file goes up in parts (a few parts in memory at most)
// and is checked while it arrives, like on local disk; a refused or failed upload is aborted, and
// an object becomes visible only when complete, so nothing half-written is ever read. The portal
// keeps signing its own /blobs addresses and streams the object after the check (decision 161).
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListPartsCommand,
  UploadPartCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { randomBytes } from 'node:crypto'
import { PassThrough, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { assertSafeKey, blobUrlSigner, isBlobRefused, limitStream, type BlobStore } from './blob-store.server'

export interface S3BlobStoreOptions {
  bucket: string
  /** Omitted for AWS itself; the address of any other S3-compatible service. */
  endpoint?: string
  region?: string
  /** Addresses as `endpoint/bucket/key` (MinIO, Ceph and most self-hosted services need it). */
  forcePathStyle?: boolean
  /** Omitted: the SDK's usual chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, a role). */
  credentials?: S3ClientConfig['credentials']
  /** Signs the portal's /blobs addresses. */
  secret: string
  basePath?: string
  /** Size of an upload's parts; S3 wants at least 5 MB for every part but the last. */
  partBytes?: number
}

export interface S3BlobStore extends BlobStore {
  /** Resolves when the bucket answers; else says, in words, what is wrong (start and /readyz). */
  check(): Promise<void>
  /**
   * Resolves when the service answers the multipart calls resumable uploads are made of as S3
   * does (decision 187): a part written is listed with its size, and the upload is aborted.
   */
  checkMultipart(): Promise<void>
  close(): void
}

/** The multipart calls resumable uploads and large files need of an object store (decision 187). */
export const MULTIPART_CALLS =
  'CreateMultipartUpload, UploadPart, ListParts, CompleteMultipartUpload and AbortMultipartUpload'

/** An object store that cannot be used as configured: the message says what to change. */
export class ObjectStoreError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ObjectStoreError'
  }
}

const PART_BYTES = 8 * 1024 * 1024
/** How long the bucket check waits (the start, /readyz). */
const CHECK_TIMEOUT_MS = 3_000
/** Parts sent at once: memory per upload is about this many parts. */
const PARTS_IN_FLIGHT = 2

/**
 * The SDK client's settings, shared by the blob store and the resumable uploads' store (one bucket,
 * the same service).
 */
export function s3ClientConfig(options: Omit<S3BlobStoreOptions, 'secret' | 'bucket'>): S3ClientConfig {
  // The SDK warns on Node 20 that its releases after January 2027 will need Node 22. The lockfile
  // pins this release, the production image runs Node 22, and README says which Node to use: the
  // warning would only puzzle a person starting the portal on Node 20.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  return {
    endpoint: options.endpoint,
    region: options.region ?? 'us-east-1',
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.credentials,
    // Checksums only where S3 requires them: a streamed body otherwise goes as aws-chunked with a
    // trailing checksum, which several S3-compatible services store as part of the object.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A request that gets no answer fails, and is retried, instead of hanging an upload forever
    // (without throwOnRequestTimeout the handler only logs the timeout).
    requestHandler: {
      connectionTimeout: 5_000,
      requestTimeout: 60_000,
      socketTimeout: 60_000,
      throwOnRequestTimeout: true,
    },
    maxAttempts: 3,
  }
}

export function createS3BlobStore(options: S3BlobStoreOptions): S3BlobStore {
  const { bucket } = options
  const client = new S3Client(s3ClientConfig(options))
  const where = options.endpoint ?? `AWS S3 (${options.region ?? 'us-east-1'})`

  function explain(error: unknown): ObjectStoreError {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
    const name = error instanceof Error ? error.name : ''
    if (status === 404 || name === 'NoSuchBucket' || name === 'NotFound')
      return new ObjectStoreError(`The bucket ${bucket} does not exist at ${where}: create it, or set S3_BUCKET.`)
    if (status === 403 || status === 401 || /InvalidAccessKeyId|SignatureDoesNotMatch|AccessDenied/.test(name))
      return new ObjectStoreError(
        `The object store at ${where} refused the credentials for bucket ${bucket}: check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.`,
      )
    const message = error instanceof Error ? error.message : String(error)
    return new ObjectStoreError(`The object store at ${where} cannot be reached: ${message}`)
  }

  return {
    async put(key, body, putOptions) {
      assertSafeKey(key)
      const limit = limitStream(putOptions)
      const checked = new PassThrough()
      // The limit's refusal (too large, wrong type, empty) is the reason to report, not the
      // aborted upload it causes.
      let refusal: unknown = null
      const flowing = pipeline(body, limit, checked).catch((error: unknown) => {
        refusal = error
        body.destroy()
      })
      let upload: Upload | null = null
      try {
        // The store is told the type before the body: it is known after the first bytes.
        const contentType = await limit.typed()
        upload = new Upload({
          client,
          params: { Bucket: bucket, Key: key, Body: checked, ContentType: contentType },
          partSize: options.partBytes ?? PART_BYTES,
          queueSize: PARTS_IN_FLIGHT,
          leavePartsOnError: false,
        })
        await upload.done()
        await flowing
        // Complete only once the bucket holds it whole: a service that answers a multipart call
        // wrongly could report success with nothing stored.
        const stored = await client
          .send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
          .then((head) => head.ContentLength ?? null)
          .catch(() => null)
        if (stored !== limit.size()) {
          await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch(() => undefined)
          throw new ObjectStoreError(
            `The object store at ${where} reported ${key} stored, but holds ${stored === null ? 'nothing' : `${stored} bytes`} of its ${limit.size()}.`,
          )
        }
        return { contentType, size: limit.size() }
      } catch (error) {
        // The incoming stream's own failure (a refusal, a client gone) is the reason to report,
        // when there is one; else the store's.
        const before = refusal
        checked.destroy()
        await flowing
        // A multipart upload the SDK did not abort (it does on its own errors) is aborted here.
        await upload?.abort().catch(() => undefined)
        const streamFailure = before ?? [refusal, error].find(isBlobRefused)
        if (streamFailure) throw streamFailure
        throw explain(error)
      }
    },

    async get(key) {
      assertSafeKey(key)
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
        return {
          stream: answer.Body as Readable,
          info: { contentType: answer.ContentType ?? 'application/octet-stream', size: answer.ContentLength ?? 0 },
        }
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
        if ((error as Error).name === 'NoSuchKey' || (status === 404 && (error as Error).name !== 'NoSuchBucket'))
          return null
        throw explain(error)
      }
    },

    async copy(from, to, contentType) {
      assertSafeKey(from)
      assertSafeKey(to)
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key: to,
            CopySource: `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
            ContentType: contentType,
            MetadataDirective: 'REPLACE',
          }),
        )
      } catch (error) {
        throw explain(error)
      }
    },

    async *list() {
      let token: string | undefined
      do {
        let page: ListObjectsV2CommandOutput
        try {
          page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }))
        } catch (error) {
          throw explain(error)
        }
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
    },

    async delete(key) {
      assertSafeKey(key)
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
      } catch (error) {
        throw explain(error)
      }
    },

    ...blobUrlSigner(options.secret, options.basePath),

    async check() {
      try {
        // Given up after a few seconds: a probe must not leave its request holding a connection.
        await client.send(new HeadBucketCommand({ Bucket: bucket }), {
          abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
        })
      } catch (error) {
        throw explain(error)
      }
    },

    async checkMultipart() {
      const Key = `uploads/tus/.portal-check-${randomBytes(8).toString('hex')}`
      const bytes = Buffer.from('a part the portal writes at start to check the multipart calls\n')
      const refuse = (what: string) =>
        new ObjectStoreError(
          `The object store at ${where} does not answer the multipart calls as S3 does (${what}). Resumable uploads and large files need ${MULTIPART_CALLS}: use a service that supports them (docs/decisions/187).`,
        )
      let UploadId: string | undefined
      try {
        UploadId = (await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key }))).UploadId
        if (!UploadId) throw refuse('CreateMultipartUpload gave no upload id')
        await client.send(new UploadPartCommand({ Bucket: bucket, Key, UploadId, PartNumber: 1, Body: bytes }))
        const listed = await client.send(new ListPartsCommand({ Bucket: bucket, Key, UploadId }))
        const parts = listed.Parts ?? []
        if (parts.length !== 1 || parts[0]!.PartNumber !== 1 || parts[0]!.Size !== bytes.length) {
          throw refuse(
            `ListParts answered ${parts.length} parts${parts[0] ? ` (the first of ${parts[0].Size} bytes)` : ''} for one part of ${bytes.length} bytes`,
          )
        }
      } catch (error) {
        if (error instanceof ObjectStoreError) throw error
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
        if (status === 403 || status === 401) throw explain(error)
        throw refuse(`${(error as Error).name}: ${(error as Error).message}`.slice(0, 300))
      } finally {
        if (UploadId) {
          await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId })).catch(() => undefined)
        }
      }
    },

    close() {
      client.destroy()
    },
  }
}
