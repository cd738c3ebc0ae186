// Per-request context handed from server.ts to every loader and action.
import type { ServiceDeps } from '#app/platform/context.server'

declare module '@remix-run/node' {
  interface AppLoadContext {
    deps: ServiceDeps
    sessionSecret: string
    secureCookies: boolean
    /** The client's address as Express sees it (honours TRUST_PROXY). */
    clientIp?: string
    /** A client-side navigation's data request (not a document request). */
    isDataRequest?: boolean
    /** The nonce of this response's Content-Security-Policy, for Remix's inline scripts. */
    cspNonce?: string
    /** Per-request memo, e.g. the actor shared by all loaders of one page. */
    memo: Map<string, unknown>
  }
}

export {}
