// The login screen's human check (access.md §2, §7, §8): a self-hosted ALTCHA proof of work by
// default, Google reCAPTCHA when its keys are configured (both in app/infra/human-check.server.ts).
// It is asked only after failed sign-ins (docs/decisions/020-human-check-after-failures.md), so a
// user in good standing never meets it.
import {
  ALTCHA_CHALLENGE_TTL_MS,
  createAltchaChallenge as newAltchaChallenge,
  verifyAltchaAnswer,
  verifyRecaptcha,
} from '#app/infra/human-check.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError } from '#app/platform/errors'
import { hit, isLimited, type RateLimitRule } from '#app/platform/rate-limit.server'
import { rateLimits } from '#db/schema'
import type { Challenge } from 'altcha-lib'
import { and, like, lt } from 'drizzle-orm'
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { HumanCheckWidget } from './views'
export type { HumanCheckWidget } from './views'

export const HUMAN_CHECK_FAILED = 'Verification Unsuccessful'
export const TOO_MANY_HUMAN_CHECKS = 'Too many requests. Please try again later.'

/**
 * Calls of the public human-check endpoints per client address (challenges and answers together).
 * A person needs two per sign-in attempt once the check is asked; the cap keeps a bot from
 * using the portal as a free reCAPTCHA verifier or challenge mint.
 */
export const HUMAN_CHECK_API_LIMIT: RateLimitRule = { limit: 100, windowMs: 15 * 60 * 1000 }

const USED_PREFIX = 'altcha:used:'
// The pass the recaptcha endpoint hands out, so that an answer checked there still lets the
// client sign in afterwards (docs/decisions/020-human-check-after-failures.md).
const PASS_TTL_MS = 5 * 60 * 1000
const PASS_PREFIX = 'hcpass'
const PASS_USED_PREFIX = 'human-check-pass:used:'

function recaptchaKeys(deps: ServiceDeps): { siteKey: string; secretKey: string } | null {
  const { RECAPTCHA_SITE_KEY: siteKey, RECAPTCHA_SECRET_KEY: secretKey } = deps.env
  return siteKey && secretKey ? { siteKey, secretKey } : null
}

function altchaSecret(deps: ServiceDeps): string {
  // Derived, so the session secret itself never signs anything a visitor can submit.
  return createHmac('sha256', deps.signingSecret).update('altcha-challenge').digest('base64url')
}

function passSignature(deps: ServiceDeps, expiresAt: number, nonce: string, ip: string): Buffer {
  const key = createHmac('sha256', deps.signingSecret).update('human-check-pass').digest()
  return createHmac('sha256', key).update(`human-check-pass.${expiresAt}.${nonce}.${ip}`).digest()
}

/** Counts one call of a public human-check endpoint; 429 once the client address used them up. */
export async function countHumanCheckCall(deps: ServiceDeps, ip: string): Promise<void> {
  const bucket = `human-check:ip:${ip}`
  if (await isLimited(deps, bucket, HUMAN_CHECK_API_LIMIT)) throw new AppError('RateLimited', TOO_MANY_HUMAN_CHECKS)
  await hit(deps, bucket, HUMAN_CHECK_API_LIMIT)
}

/**
 * POST /api/account/method/recaptcha: checks (and spends) an answer; on success hands out a pass,
 * valid 5 minutes for one sign-in from the same client address, to send as `captcha_value`.
 */
export async function checkHumanCheckAnswer(
  deps: ServiceDeps,
  value: unknown,
  ip: string,
): Promise<{ success: true; pass: string; expires_at: string } | { success: false }> {
  // A pass is what a sign-in takes, not a new answer: it cannot be swapped for another pass.
  if (typeof value === 'string' && value.startsWith(`${PASS_PREFIX}.`)) return { success: false }
  if (!(await verifyHumanCheck(deps, value, ip))) return { success: false }
  const expiresAt = Date.now() + PASS_TTL_MS
  const nonce = randomBytes(16).toString('base64url')
  const signature = passSignature(deps, expiresAt, nonce, ip).toString('base64url')
  return {
    success: true,
    pass: `${PASS_PREFIX}.${expiresAt}.${nonce}.${signature}`,
    expires_at: new Date(expiresAt).toISOString(),
  }
}

async function verifyPass(deps: ServiceDeps, value: string, ip: string): Promise<boolean> {
  const [prefix, expiresText, nonce, signatureText, ...rest] = value.split('.')
  if (prefix !== PASS_PREFIX || !expiresText || !nonce || !signatureText || rest.length > 0) return false
  const expiresAt = Number(expiresText)
  if (!Number.isSafeInteger(expiresAt) || expiresAt <= Date.now() || expiresAt > Date.now() + PASS_TTL_MS) return false
  const expected = passSignature(deps, expiresAt, nonce, ip)
  const given = Buffer.from(signatureText, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false
  return spendOnce(deps, PASS_USED_PREFIX, nonce, PASS_TTL_MS)
}

export async function createAltchaChallenge(deps: ServiceDeps): Promise<Challenge> {
  return newAltchaChallenge(altchaSecret(deps))
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
 * Checks a human-check answer once: a pass from the recaptcha endpoint, an ALTCHA payload (base64
 * JSON of challenge and solution) or a reCAPTCHA token. A valid pass or ALTCHA answer is spent
 * here, so it cannot be replayed.
 */
export async function verifyHumanCheck(deps: ServiceDeps, value: unknown, ip: string): Promise<boolean> {
  if (typeof value !== 'string' || value.length === 0 || value.length > 10_000) return false
  if (value.startsWith(`${PASS_PREFIX}.`)) return verifyPass(deps, value, ip)
  const recaptcha = recaptchaKeys(deps)
  return recaptcha ? verifyRecaptcha(recaptcha.secretKey, value, ip) : verifyAltcha(deps, value)
}

async function verifyAltcha(deps: ServiceDeps, value: string): Promise<boolean> {
  const nonce = await verifyAltchaAnswer(altchaSecret(deps), value)
  return nonce !== null && spendOnce(deps, USED_PREFIX, nonce, ALTCHA_CHALLENGE_TTL_MS)
}

/** Records a used challenge or pass; false when it was already used (a replay). */
async function spendOnce(deps: ServiceDeps, prefix: string, nonce: string, ttlMs: number): Promise<boolean> {
  // Challenges and passes expire, so older records can go: nobody can submit those any more.
  await deps.db
    .delete(rateLimits)
    .where(and(like(rateLimits.bucket, `${prefix}%`), lt(rateLimits.windowStart, new Date(Date.now() - ttlMs))))
  const inserted = await deps.db
    .insert(rateLimits)
    .values({ bucket: `${prefix}${nonce}`, count: 1, windowStart: new Date() })
    .onConflictDoNothing()
    .returning({ bucket: rateLimits.bucket })
  return inserted.length === 1
}
