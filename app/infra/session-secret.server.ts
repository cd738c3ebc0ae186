// The secret that signs session cookies and file addresses: SESSION_SECRET, or on one machine a
// generated one kept beside the data, so sessions survive restarts.
import type { Env } from '#app/env.server'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export function sessionSecret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET
  if (env.NODE_ENV === 'production' && env.DATABASE_URL) {
    throw new Error('SESSION_SECRET is required in production with a shared database (several processes).')
  }
  // One machine, one process: keep a generated secret beside the data so sessions survive restarts.
  const file = path.join(env.DATA_DIR, 'session-secret')
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  fs.mkdirSync(env.DATA_DIR, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  fs.writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
