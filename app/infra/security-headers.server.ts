// Response headers that tell the browser what a page may do (docs/decisions/031): a
// Content-Security-Policy whose scripts need the request's nonce, HSTS once the portal is served
// over TLS, and a Permissions-Policy that turns off device features the portal never uses.
import { randomBytes } from 'node:crypto'

export interface CspOptions {
  /** The per-request nonce that Remix's inline scripts carry. */
  nonce: string
  /** Google's reCAPTCHA widget is allowed only when the portal is configured with its keys. */
  recaptcha: boolean
}

const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']

export function newNonce(): string {
  return randomBytes(16).toString('base64')
}

export function contentSecurityPolicy({ nonce, recaptcha }: CspOptions): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Our bundles, and the inline scripts Remix renders (context, module loader, scroll
    // restoration), which carry the nonce. No 'unsafe-inline', no eval.
    'script-src': ["'self'", `'nonce-${nonce}'`, ...(recaptcha ? RECAPTCHA_SCRIPTS : [])],
    // React renders style attributes and the ALTCHA widget injects a <style>; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Uploaded images are served by /blobs; crop previews are blob: or data: URLs.
    'img-src': ["'self'", 'blob:', 'data:'],
    'font-src': ["'self'", 'data:'],
    // fetch, socket.io and Yjs WebSockets all go to our own origin ('self' covers ws:/wss: too).
    // The 3D viewer reads a glTF's own pictures as blob: URLs and a one-file .gltf's data as data:
    // URLs with fetch (docs/decisions/137); both only read what the page already holds.
    'connect-src': ["'self'", 'blob:', 'data:', ...(recaptcha ? ['https://www.google.com/recaptcha/'] : [])],
    // The ALTCHA widget solves its proof of work in a worker made from a blob: URL.
    'worker-src': ["'self'", 'blob:'],
    'frame-src': recaptcha ? RECAPTCHA_FRAMES : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
}

/** Device and browser features no page of the portal uses: off for the page and any frame in it. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ')

/** One year; subdomains are left alone, as they may be other people's sites. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000'
