// A signed-in browser for page tests without Playwright: a cookie jar that keeps what the portal
// sets (session, toasts), the CSRF token read from a page, and forms sent as a browser sends them
// (same origin, the token among the fields). Used where a test reads pages and posts their forms.
import { sessionCookieFor, type TestPortal } from './portal'

export interface PageBrowser {
  get(path: string): Promise<Response>
  /** A form post; a list value sends the field once per item, as checkboxes do. */
  post(path: string, fields: Record<string, string | string[]>): Promise<Response>
  /** A multipart form with a file, the fields in document order and the file last. */
  upload(
    path: string,
    file: { name: string; content: string | Uint8Array<ArrayBuffer>; type?: string },
    options?: { fields?: Record<string, string>; csrf?: 'first' | 'after-file' | 'none' },
  ): Promise<Response>
  /** A multipart form with several files under `file` (a `multiple` input), the token first. */
  uploadFiles(
    path: string,
    files: { name: string; content: string | Uint8Array<ArrayBuffer>; type?: string }[],
    options?: { csrf?: 'first' | 'none' },
  ): Promise<Response>
}

export async function pageBrowser(
  portal: Pick<TestPortal, 'url' | 'deps'>,
  account: { email: string; password?: string },
): Promise<PageBrowser> {
  const jar = new Map<string, string>()
  const keep = (response: Response) => {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';')
      const [key, val] = pair!.split(/=(.*)/s)
      jar.set(key!, val!)
    }
    return response
  }
  const [name, value] = (await sessionCookieFor(portal, account.email, account.password)).split(/=(.*)/s)
  jar.set(name!, value!)
  const cookie = () => [...jar].map(([key, val]) => `${key}=${val}`).join('; ')
  const page = keep(
    await fetch(`${portal.url}/settings/profile`, { headers: { cookie: cookie() }, redirect: 'manual' }),
  )
  const token = /"csrf":"([^"]+)"/.exec(await page.text())?.[1] ?? ''
  const send = async (path: string, body: FormData | URLSearchParams) =>
    keep(
      await fetch(`${portal.url}${path}`, {
        method: 'POST',
        headers: { cookie: cookie(), origin: portal.url },
        body,
        redirect: 'manual',
      }),
    )
  return {
    get: async (path) =>
      keep(await fetch(`${portal.url}${path}`, { headers: { cookie: cookie() }, redirect: 'manual' })),
    post: (path, fields) => {
      const body = new URLSearchParams()
      for (const [field, entry] of Object.entries(fields)) {
        for (const item of Array.isArray(entry) ? entry : [entry]) body.append(field, item)
      }
      body.set('csrf', token)
      return send(path, body)
    },
    upload: (path, file, options = {}) => {
      const form = new FormData()
      const csrf = options.csrf ?? 'first'
      if (csrf === 'first') form.append('csrf', token)
      for (const [field, entry] of Object.entries(options.fields ?? {})) form.append(field, entry)
      form.append('file', new Blob([file.content], { type: file.type ?? 'text/csv' }), file.name)
      if (csrf === 'after-file') form.append('csrf', token)
      return send(path, form)
    },
    uploadFiles: (path, files, options = {}) => {
      const form = new FormData()
      if ((options.csrf ?? 'first') === 'first') form.append('csrf', token)
      for (const file of files) {
        form.append('file', new Blob([file.content], { type: file.type ?? 'application/octet-stream' }), file.name)
      }
      return send(path, form)
    },
  }
}
