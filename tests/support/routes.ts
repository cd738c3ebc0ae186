// Calls a page's loader or action (a Remix route module) against a running test portal, as
// Remix would: the real services and database, the `__ui` cookie with a CSRF token, and the
// thrown redirects and error replies caught into the Response the browser would get.
import type { ActionFunctionArgs, AppLoadContext } from '@remix-run/node'
import { commitUiSession, ensureCsrfToken, getUiSession } from '#app/platform/session.server'
import type { Portal } from '#app/server/portal.server'

type RouteFunction = (args: ActionFunctionArgs) => Promise<unknown>

export function pageContext(portal: Pick<Portal, 'deps'>, clientIp = '127.0.0.20'): AppLoadContext {
  return {
    deps: portal.deps,
    sessionSecret: portal.deps.signingSecret,
    secureCookies: false,
    clientIp,
    isDataRequest: false,
    memo: new Map(),
  }
}

/** The `name=value` part of a Set-Cookie header for one cookie, or undefined. */
export function setCookie(response: Response, name: string): string | undefined {
  const headers = response.headers.getSetCookie()
  const line = headers.find((header) => header.startsWith(`${name}=`))
  return line?.split(';')[0]
}

/**
 * POSTs a form to a route's action. `cookie` is the browser's other cookies (a `__session`);
 * the CSRF token is added unless `csrf: false`.
 */
export async function postForm(
  portal: Pick<Portal, 'deps'>,
  action: RouteFunction,
  input: {
    path: string
    fields?: Record<string, string>
    cookie?: string
    params?: Record<string, string>
    csrf?: boolean
  },
): Promise<Response> {
  const url = `http://portal.test${input.path}`
  const context = pageContext(portal)
  const ui = await getUiSession(new Request(url), context)
  const { token } = ensureCsrfToken(ui)
  const uiCookie = (await commitUiSession(ui, context)).split(';')[0]!
  const body = new URLSearchParams(input.fields)
  if (input.csrf !== false) body.set('csrf', token)
  const request = new Request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: [input.cookie, uiCookie].filter(Boolean).join('; '),
    },
    body,
  })
  try {
    const result = await action({ request, context, params: input.params ?? {} })
    return result instanceof Response ? result : Response.json(result)
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}
