// Starts a real portal for integration tests: HTTP on a free port, socket.io, Yjs, the shared
// Auth emulator, and a fresh database copied from the run's migrated template.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { execSync } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { inject } from 'vitest'
import { startPortal, type Portal } from '#app/server/portal.server'
import { signInWithPassword } from '#app/features/identity/auth.server'
import { recordIssuedIdToken, startSession } from '#app/features/identity/sessions.server'
import { createTestDatabase, dropDatabase } from './database'
import { testPortalEnv } from './portal-env'

export interface TestPortal extends Portal {
  projectId: string
  dataDir: string
  databaseUrl: string
  /** Stops the portal; the database and data folder are kept for a restart. */
  stop(): Promise<void>
  /** Stops the portal and drops what it created. */
  destroy(): Promise<void>
}

export interface TestPortalOptions {
  /** Reuse the project, data folder and database of an earlier portal (restart tests). */
  reuse?: Pick<TestPortal, 'projectId' | 'dataDir' | 'databaseUrl'>
  env?: Record<string, string>
  /** Serve pages too, from a production Remix build (see loadServerBuild). */
  remixBuild?: ServerBuild
}

/**
 * The production Remix build the pages are served from (`build/index.js`), built first when
 * missing, as the end-to-end tests do.
 */
export async function loadServerBuild(): Promise<ServerBuild> {
  const file = path.resolve('build/index.js')
  if (!fs.existsSync(file)) execSync('npx remix build', { stdio: 'inherit' })
  return (await import(pathToFileURL(file).href)) as ServerBuild
}

export async function startTestPortal(options: TestPortalOptions = {}): Promise<TestPortal> {
  const projectId = inject('emulatorProjectId')
  const dataDir = options.reuse?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-it-'))
  // A new portal starts from the demo workspace the global setup seeded: its database is a copy
  // of the seeded template, its data folder a copy of the demo's files. Its own start then finds
  // the demo done instead of making it again (a second of each file's start, decision 181).
  if (!options.reuse) fs.cpSync(inject('templateDataDir'), dataDir, { recursive: true })
  const database = options.reuse ? null : await createTestDatabase()
  const databaseUrl = options.reuse?.databaseUrl ?? database!.url
  const env = testPortalEnv({
    dataDir,
    databaseUrl,
    projectId,
    emulatorHost: inject('emulatorHost'),
    env: options.env,
  })
  const portal = await startPortal({
    env,
    remixBuild: options.remixBuild,
    log: () => {},
  })
  const url = `http://127.0.0.1:${portal.port}`
  return {
    ...portal,
    url,
    projectId,
    dataDir,
    databaseUrl,
    stop: () => portal.close(),
    async destroy() {
      await portal.close()
      await dropDatabase(databaseUrl)
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export const DEMO_PASSWORD = 'Demo-passw0rd!'

/**
 * A session cookie header for a demo account, made through the real sign-in service and a
 * server-side session, as the login page does.
 */
export async function sessionCookieFor(
  portal: Pick<Portal, 'deps'>,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const outcome = await signInWithPassword(portal.deps, { email, password, remember: false, ip: '127.0.0.9' })
  if (!outcome.ok) throw new Error(`sign-in failed for ${email}: a second step was asked`)
  const session = await startSession(portal.deps, {
    accountKey: outcome.actor.key,
    firebaseUid: outcome.actor.firebaseUid,
    remember: false,
  })
  return `__session=${session.id}`
}

/**
 * A Firebase ID token for a demo account (for `Authorization: Bearer`), recorded as handed out by
 * this portal, as the API's sign-in does (with the emulator only such tokens count).
 */
export async function idTokenFor(
  portal: Pick<Portal, 'deps'>,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const result = await portal.deps.identity.signInWithPassword(email, password)
  if (!result.ok) throw new Error(`sign-in failed for ${email}: ${result.code}`)
  await recordIssuedIdToken(portal.deps, result.idToken)
  return result.idToken
}

export interface ApiAnswer {
  status: number
  body: { data?: unknown; error?: { type: string; message: string } }
}

export async function api(
  portal: Pick<Portal, 'port'>,
  method: string,
  pathname: string,
  options: { body?: unknown; rawBody?: string; cookie?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.body !== undefined || options.rawBody !== undefined) headers['content-type'] = 'application/json'
  if (options.cookie) headers.cookie = options.cookie
  if (options.token) headers.authorization = `Bearer ${options.token}`
  const response = await fetch(`http://127.0.0.1:${portal.port}${pathname}`, {
    method,
    headers,
    body: options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
  })
  return { status: response.status, body: (await response.json()) as ApiAnswer['body'] }
}

/** Retries an assertion until it passes or the time is up (realtime tests do not sleep). */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let lastError: unknown
  while (Date.now() < deadline) {
    try {
      return await check()
    } catch (error) {
      lastError = error
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  throw lastError
}

/**
 * Waits for an event's promise with the test's own limit, and says what it waited for when the
 * limit passes: a wait caught by the runner's 60 s limit is no assertion.
 */
export async function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Waited ${timeoutMs} ms for ${what}; it did not come.`)), timeoutMs)
  })
  try {
    return await Promise.race([promise, late])
  } finally {
    clearTimeout(timer)
  }
}

export { readOutbox } from '#app/infra/mailer.server'
