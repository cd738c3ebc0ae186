// s3rver ships no types: what the tests use of it.
declare module 's3rver' {
  interface S3rverOptions {
    port?: number
    address?: string
    directory?: string
    silent?: boolean
    configureBuckets?: { name: string }[]
    allowMismatchedSignatures?: boolean
  }
  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
    on(
      event: 'event',
      listener: (event: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => void,
    ): this
  }
}
