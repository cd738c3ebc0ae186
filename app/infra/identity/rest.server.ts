// The Identity Toolkit and Secure Token REST endpoints (real Firebase, or the Auth emulator), and
// the two ways their answers are read: provider errors come back as values, never as exceptions.
import { identityErrorCode, type IdentityErrorCode } from '#app/platform/identity-provider'
import type { FirebaseIdentityOptions } from '#app/platform/identity-provider'

/** Where the REST calls go, and the API key they carry. */
export interface ToolkitConnection {
  restBase: string
  restBaseV2: string
  secureTokenBase: string
  apiKey: string
}

export function toolkitConnection(options: FirebaseIdentityOptions): ToolkitConnection {
  const restBase = options.emulatorHost
    ? `http://${options.emulatorHost}/identitytoolkit.googleapis.com/v1`
    : 'https://identitytoolkit.googleapis.com/v1'
  return {
    restBase,
    restBaseV2: restBase.replace(/\/v1$/, '/v2'),
    secureTokenBase: options.emulatorHost
      ? `http://${options.emulatorHost}/securetoken.googleapis.com/v1`
      : 'https://securetoken.googleapis.com/v1',
    apiKey: options.apiKey ?? 'emulator-api-key',
  }
}

/** POST to the Identity Toolkit; a network failure reads as an unknown provider error. */
export async function callToolkit(
  { apiKey }: ToolkitConnection,
  url: string,
  body: unknown,
): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; raw: string }> {
  try {
    const response = await fetch(`${url}?key=${encodeURIComponent(apiKey)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    })
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown> & {
      error?: { message?: string }
    }
    if (!response.ok) return { ok: false, raw: json.error?.message ?? `HTTP ${response.status}` }
    return { ok: true, body: json }
  } catch (error) {
    return { ok: false, raw: String(error) }
  }
}

/** One Identity Toolkit call; provider errors come back as codes, never as exceptions. */
export async function callRest(
  { restBase, apiKey }: ToolkitConnection,
  method: string,
  payload: Record<string, unknown>,
): Promise<
  { ok: true; body: Record<string, unknown> } | { ok: false; code: IdentityErrorCode; providerMessage: string }
> {
  let response: Response
  try {
    response = await fetch(`${restBase}/${method}?key=${encodeURIComponent(apiKey)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(15_000),
    })
  } catch (error) {
    return { ok: false, code: 'auth/unknown', providerMessage: String(error) }
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown> & {
    error?: { message?: string }
  }
  if (response.ok) return { ok: true, body }
  const raw = body.error?.message ?? `HTTP ${response.status}`
  return { ok: false, code: identityErrorCode(raw), providerMessage: raw }
}
