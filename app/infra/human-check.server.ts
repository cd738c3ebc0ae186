// The two human-check providers (access.md §2, §7, §8): a self-hosted ALTCHA proof of work, and
// Google reCAPTCHA's siteverify API. When to ask, passes and replay protection are the use case's
// (app/features/identity/human-check.server.ts); this only makes and checks the providers' answers.
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'

export const ALTCHA_CHALLENGE_TTL_MS = 10 * 60 * 1000
// About a second of work for a browser, a bot pays it on every attempt. The counter range and the
// iteration count set the difficulty; the widget's workers find the counter.
const ALTCHA_ALGORITHM = 'SHA-256'
const ALTCHA_COST = 20
const ALTCHA_COUNTER = { min: 2_000, max: 20_000 }

/** A new ALTCHA challenge, signed with this secret. */
export async function createAltchaChallenge(hmacSecret: string): Promise<Challenge> {
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: ALTCHA_COST,
    counter: randomInt(ALTCHA_COUNTER.max, ALTCHA_COUNTER.min),
    deriveKey,
    expiresAt: new Date(Date.now() + ALTCHA_CHALLENGE_TTL_MS),
    hmacSignatureSecret: hmacSecret,
  })
}

/**
 * Checks an ALTCHA answer (base64 JSON of challenge and solution): the nonce of its challenge when
 * the challenge is one of ours and solved, null otherwise. The caller makes sure it is used once.
 */
export async function verifyAltchaAnswer(hmacSecret: string, value: string): Promise<string | null> {
  let payload: { challenge?: Challenge; solution?: Solution }
  try {
    payload = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as typeof payload
  } catch {
    return null
  }
  const { challenge, solution } = payload
  if (!challenge?.parameters || typeof challenge.parameters.nonce !== 'string' || !solution) return null
  // The challenge must be one of ours: the same algorithm and difficulty, and signed by us.
  if (challenge.parameters.algorithm !== ALTCHA_ALGORITHM || challenge.parameters.cost !== ALTCHA_COST) return null
  try {
    const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: hmacSecret })
    if (!result.verified) return null
  } catch {
    return null
  }
  return challenge.parameters.nonce
}

/** Asks Google whether a reCAPTCHA token is good; any failure to ask counts as no. */
export async function verifyRecaptcha(secret: string, token: string, ip: string): Promise<boolean> {
  const form = new URLSearchParams({ secret, response: token })
  if (ip !== 'unknown') form.set('remoteip', ip)
  try {
    const response = await fetch('https://www.google.com/recaptcha/api/siteverify', {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(10_000),
    })
    const body = (await response.json()) as { success?: boolean }
    return body.success === true
  } catch {
    return false
  }
}
