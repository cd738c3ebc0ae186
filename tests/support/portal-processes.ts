// A portal in a process of its own (tests/support/portal-process.ts) on the embedded server of a
// data folder, for tests that kill it: it prints its port and the session cookies of
// TEST_SESSIONS once it serves. Every process started is remembered, so a test's afterAll can
// kill whatever is left.
import { spawn, type ChildProcess } from 'node:child_process'
import { inject } from 'vitest'

export interface PortalProcess {
  child: ChildProcess
  port: number
  /** Session cookie header per demo e-mail. */
  sessions: Record<string, string>
  exited: Promise<void>
  /** What the process printed so far (stdout and stderr). */
  output(): string
}

const started: ChildProcess[] = []

export function startPortalProcess(
  dataDir: string,
  sessionSecret: string,
  /** Overrides: another database (DATABASE_URL), Redis, other demo sign-ins (TEST_SESSIONS). */
  env: Record<string, string> = {},
): Promise<PortalProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/portal-process.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      DATABASE_URL: '',
      REDIS_URL: '',
      FIREBASE_AUTH_EMULATOR_HOST: inject('emulatorHost'),
      FIREBASE_PROJECT_ID: inject('emulatorProjectId'),
      SESSION_SECRET: sessionSecret,
      TEST_SESSIONS: 'admin@demo.test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push(child)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const line = output.split('\n').find((l) => l.startsWith('{"port"'))
      if (line)
        resolve({
          child,
          exited,
          output: () => output,
          ...(JSON.parse(line) as Pick<PortalProcess, 'port' | 'sessions'>),
        })
    })
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => reject(new Error(`portal process exited with ${code}:\n${output}`)))
  })
}

/** Kills every portal process still running (for afterAll). */
export function killPortalProcesses(): void {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}
