// Starts the built portal (`server.ts`) as a child process on a free port with its own data
// folder and Auth emulator, as `npm start` would. Used by the end-to-end tests and the benchmark.
// The portal listens on PORT 0 and the port is read from the address it prints: a port picked
// here and handed over could be taken in between (by any outgoing connection's local port).
import { spawn, execSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface SpawnedPortal {
  baseURL: string
  dataDir: string
  /** host:port of the portal's Auth emulator (tests read oob and SMS codes there). */
  emulatorHost: string
  /** The emulator's Firebase project. */
  projectId: string
  /** The portal's process, and what it printed so far. */
  process: ChildProcess
  output(): string
  /** Process id of the portal (the benchmark reads its resident memory). */
  pid: number
  stop(): Promise<void>
}

export interface SpawnOptions {
  /** Extra Node.js options before server.ts (tests preload a module this way). */
  nodeArgs?: string[]
  env?: Record<string, string>
  /** A data folder prepared by the caller (the chat benchmark seeds its database first); kept at stop. */
  dataDir?: string
  /**
   * Run the compiled server (build/server.mjs, as `npm start` and the Docker image do) instead of
   * server.ts through tsx; it is built first. The benchmarks measure this one.
   */
  compiled?: boolean
}

export async function spawnPortal(label: string, options: SpawnOptions = {}): Promise<SpawnedPortal> {
  if (!fs.existsSync('build/index.js')) execSync('npx remix build', { stdio: 'inherit' })
  if (options.compiled && !fs.existsSync('build/server.mjs'))
    execSync('node scripts/build-server.mjs', { stdio: 'inherit' })
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `portal-${label}-`))
  // The same memory settings as `npm start` (docs/decisions/040).
  const child = spawn(
    process.execPath,
    options.compiled
      ? ['--max-semi-space-size=16', ...(options.nodeArgs ?? []), 'build/server.mjs']
      : ['--max-semi-space-size=16', '--import', 'tsx', ...(options.nodeArgs ?? []), 'server.ts'],
    {
      env: {
        ...process.env,
        MALLOC_ARENA_MAX: '2',
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        AUTH_EMULATOR_PORT: '0',
        DATABASE_URL: '',
        REDIS_URL: '',
        FIREBASE_PROJECT_ID: '',
        FIREBASE_AUTH_EMULATOR_HOST: '',
        // Production mode on the emulator with the demo workspace: both must be asked for.
        ALLOW_AUTH_EMULATOR: 'true',
        SEED_DEMO: 'true',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  let baseURL = ''
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The portal exited while starting:\n${output}`)
    const port = /Brand portal is running: https?:\/\/[^\s:/"]+:(\d+)/.exec(output)?.[1]
    if (port) {
      baseURL = `http://127.0.0.1:${port}`
      try {
        if ((await fetch(`${baseURL}/healthz`)).ok) break
      } catch {
        // not answering yet
      }
    }
    if (Date.now() > deadline) throw new Error(`The portal did not start in time:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const emulatorHost = /Auth emulator ready at http:\/\/([^\s"]+)/.exec(output)?.[1] ?? ''
  return {
    baseURL,
    dataDir,
    emulatorHost,
    projectId: 'demo-brand-portal',
    process: child,
    output: () => output,
    pid: child.pid!,
    async stop() {
      // The server stops its Auth emulator on SIGTERM; killing the process group (the portal and
      // whatever it started) is the fallback, also for a portal that has already died.
      const killGroup = () => {
        try {
          process.kill(-child.pid!, 'SIGKILL')
        } catch {
          // already gone
        }
      }
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, 15_000)
          child.once('exit', () => {
            clearTimeout(timer)
            resolve(null)
          })
        })
      }
      killGroup()
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Signs in through the login form as a demo account (password Demo-passw0rd!, no second step on
 * the emulator) and answers the session's cookie header.
 */
export async function signInAs(baseURL: string, email: string): Promise<string> {
  const jar = new Map<string, string>()
  const keep = (response: Response) => {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';')
      const [name, ...rest] = pair!.split('=')
      jar.set(name!.trim(), rest.join('='))
    }
  }
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const page = await fetch(`${baseURL}/`)
  keep(page)
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1]
  if (!csrf) throw new Error('no CSRF token on the login page')
  const response = await fetch(`${baseURL}/?index`, {
    method: 'POST',
    body: new URLSearchParams({ csrf, email, password: 'Demo-passw0rd!', redirectTo: '' }),
    headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  })
  if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`)
  keep(response)
  return cookie()
}
