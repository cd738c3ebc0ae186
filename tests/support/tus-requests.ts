// tus requests as a browser's uploader sends them, to a portal at `baseUrl`: create an upload,
// send bytes from an offset, ask where it stands. For tests of resumable uploads that pick which
// process each request reaches.
export interface TusAnswer {
  status: number
  headers: Headers
  text: string
}

export const tusMetadata = (meta: Record<string, string>) =>
  Object.entries(meta)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',')

export function tusRequests(baseUrl: string) {
  async function request(
    method: string,
    pathname: string,
    options: { cookie?: string; headers?: Record<string, string>; body?: Buffer } = {},
  ): Promise<TusAnswer> {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers: {
        'tus-resumable': '1.0.0',
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
      },
      body: options.body ? new Uint8Array(options.body) : undefined,
    })
    return { status: response.status, headers: response.headers, text: await response.text() }
  }
  return {
    request,
    /** Starts an upload of `length` bytes; its address is the answer's Location. */
    create: (cookie: string, meta: Record<string, string>, length: number) =>
      request('POST', '/uploads/tus', {
        cookie,
        headers: { 'upload-length': String(length), 'upload-metadata': tusMetadata(meta) },
      }),
    send: (cookie: string, location: string, offset: number, body: Buffer) =>
      request('PATCH', location, {
        cookie,
        headers: { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body,
      }),
    /** The offset the server holds for the upload (HEAD), as a number; null when it answers otherwise. */
    async offset(cookie: string, location: string): Promise<number | null> {
      const answer = await request('HEAD', location, { cookie })
      return answer.status === 200 ? Number(answer.headers.get('upload-offset')) : null
    },
  }
}
