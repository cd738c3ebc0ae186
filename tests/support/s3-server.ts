// An S3-compatible server of the test's own on loopback: s3rver, a Node implementation of the S3
// protocol from the npm registry (MinIO and Ceph are in neither the npm registry nor Debian 12's
// packages). The portal speaks only the S3 API to it, through the AWS SDK, as to any other service.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'
import { addMultipartCalls } from './s3-multipart-calls'

// The test's own SDK clients, on Node 20, would warn as the portal's store does not.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'

/** s3rver's built-in account. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export interface TestS3Server {
  endpoint: string
  port: number
  /** Creates a bucket (S3 names: 3–63 lower-case letters, digits, dots and hyphens). */
  createBucket(name: string): Promise<void>
  /** How many times an object was written (put whole or completed from parts) since the start. */
  writesOf(key: string): number
  stop(): Promise<void>
}

export async function startS3Server(
  options: {
    port?: number
    directory?: string
    /** false: s3rver as published, which refuses the multipart calls (decision 187). */
    multipart?: boolean
  } = {},
): Promise<TestS3Server> {
  const directory = options.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'))
  const server = new S3rver({ port: options.port ?? 0, address: '127.0.0.1', directory, silent: true })
  if (options.multipart !== false) addMultipartCalls(server)
  const writes = new Map<string, number>()
  server.on('event', (event: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => {
    for (const record of event.Records) {
      if (!record.eventName.startsWith('ObjectCreated')) continue
      const key = decodeURIComponent(record.s3.object.key)
      writes.set(key, (writes.get(key) ?? 0) + 1)
    }
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  let stopped = false
  return {
    endpoint,
    port,
    writesOf: (key) => writes.get(key) ?? 0,
    async createBucket(name) {
      const client = new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: S3_TEST_CREDENTIALS,
      })
      try {
        await client.send(new CreateBucketCommand({ Bucket: name }))
      } finally {
        client.destroy()
      }
    },
    async stop() {
      if (stopped) return
      stopped = true
      await server.close()
      if (!options.directory) fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
