// The login screen's human check (access.md §2, §7, §8): a self-hosted ALTCHA proof of work by
// default, Google reCAPTCHA when its keys are configured. It is asked only after failed sign-ins
// (docs/decisions/020-human-check-after-failures.md), so a user in good standing never meets it.
import { createHmac } from 'node:crypto'
import { and, like, lt } from 'drizzle-orm'
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { rateLimits } from '#db/schema'
import type { ServiceDeps } from './context.server'

export const HUMAN_CHECK_FAILED = 'Verification Unsuccessful'

/** What the login form shows when a human check is asked. */
export type HumanCheckWidget = { kind: 'altcha'; challenge: string } | { kind: 'recaptcha'; siteKey: string }

const CHALLENGE_TTL_MS = 10 * 60 * 1000
const USED_PREFIX = 'altcha:used:'
// About a second of work for a browser, a bot pays it on every attempt. The counter range and the
// iteration count set the difficulty; the widget's workers find the counter.
const ALTCHA_ALGORITHM = 'SHA-256'
const ALTCHA_COST = 20
const ALTCHA_COUNTER = { min: 2_000, max: 20_000 }

function recaptchaKeys(deps: ServiceDeps): { siteKey: string; secretKey: string } | null {
  const { RECAPTCHA_SITE_KEY: siteKey, RECAPTCHA_SECRET_KEY: secretKey } = deps.env
  return siteKey && secretKey ? { siteKey, secretKey } : null
}

function altchaSecret(deps: ServiceDeps): string {
  // Derived, so the session secret itself never signs anything a visitor can submit.
  return createHmac('sha256', deps.signingSecret).update('altcha-challenge').digest('base64url')
}

export async function createAltchaChallenge(deps: ServiceDeps): Promise<Challenge> {
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: ALTCHA_COST,
    counter: randomInt(ALTCHA_COUNTER.max, ALTCHA_COUNTER.min),
    deriveKey,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    hmacSignatureSecret: altchaSecret(deps),
  })
}

export async function humanCheckWidget(deps: ServiceDeps): Promise<HumanCheckWidget> {
  const recaptcha = recaptchaKeys(deps)
  if (recaptcha) return { kind: 'recaptcha', siteKey: recaptcha.siteKey }
  return { kind: 'altcha', challenge: JSON.stringify(await createAltchaChallenge(deps)) }
}

/** The form field the widget fills in. */
export function humanCheckField(deps: ServiceDeps): string {
  return recaptchaKeys(deps) ? 'g-recaptcha-response' : 'altcha'
}

/**
 * Checks a human-check answer once: an ALTCHA payload (base64 JSON of challenge and solution) or
 * a reCAPTCHA token. A valid ALTCHA answer is spent here, so it cannot be replayed.
 */
export async function verifyHumanCheck(deps: ServiceDeps, value: unknown, ip?: string): Promise<boolean> {
  if (typeof value !== 'string' || value.length === 0 || value.length > 10_000) return false
  const recaptcha = recaptchaKeys(deps)
  return recaptcha ? verifyRecaptcha(recaptcha.secretKey, value, ip) : verifyAltcha(deps, value)
}

async function verifyAltcha(deps: ServiceDeps, value: string): Promise<boolean> {
  let payload: { challenge?: Challenge; solution?: Solution }
  try {
    payload = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as typeof payload
  } catch {
    return false
  }
  const { challenge, solution } = payload
  if (!challenge?.parameters || typeof challenge.parameters.nonce !== 'string' || !solution) return false
  // The challenge must be one of ours: the same algorithm and difficulty, and signed by us.
  if (challenge.parameters.algorithm !== ALTCHA_ALGORITHM || challenge.parameters.cost !== ALTCHA_COST) return false
  try {
    const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: altchaSecret(deps) })
    if (!result.verified) return false
  } catch {
    return false
  }
  return spendChallenge(deps, challenge.parameters.nonce)
}

/** Records a solved challenge; false when it was already used (a replay). */
async function spendChallenge(deps: ServiceDeps, nonce: string): Promise<boolean> {
  // Challenges expire, so older records can go: nobody can submit those any more.
  await deps.db
    .delete(rateLimits)
    .where(
      and(
        like(rateLimits.bucket, `${USED_PREFIX}%`),
        lt(rateLimits.windowStart, new Date(Date.now() - CHALLENGE_TTL_MS)),
      ),
    )
  const inserted = await deps.db
    .insert(rateLimits)
    .values({ bucket: `${USED_PREFIX}${nonce}`, count: 1, windowStart: new Date() })
    .onConflictDoNothing()
    .returning({ bucket: rateLimits.bucket })
  return inserted.length === 1
}

async function verifyRecaptcha(secret: string, token: string, ip?: string): Promise<boolean> {
  const form = new URLSearchParams({ secret, response: token })
  if (ip && ip !== 'unknown') form.set('remoteip', ip)
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
