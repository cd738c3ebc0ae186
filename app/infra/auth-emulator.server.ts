// Starts the Firebase Auth emulator (firebase-tools) when no real Firebase project is configured,
// waits until it answers, and stops it with the server. Its users are exported to DATA_DIR on a
// clean exit and imported at the next start.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { createRequire } from 'node:module'

export interface RunningEmulator {
  host: string
  projectId: string
  stop(): Promise<void>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

export async function waitForEmulator(host: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let lastError: unknown
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(2_000) })
      if (response.ok) return
    } catch (error) {
      lastError = error
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`The Auth emulator at ${host} did not answer within ${timeoutMs} ms: ${String(lastError)}`)
}

export interface StartEmulatorOptions {
  /** Folder for the emulator's configuration, logs and exported users. */
  dir: string
  projectId: string
  /** Preferred port; a free one is chosen when it is taken or 0. */
  port: number
  /** Keep users across restarts (export on exit, import on start). */
  persist: boolean
  log?: (line: string) => void
}

/**
 * An emulator whose portal was killed outright (kill -9, a crash) keeps running and holds the
 * data folder; stop it before starting a new one. Only a process that is still an emulator is
 * signalled, in case the pid has been reused.
 */
async function stopLeftoverEmulator(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'emulator.pid')
  let pid: number
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8'))
  } catch {
    return
  }
  fs.rmSync(pidFile, { force: true })
  const alive = () => {
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  }
  let commandLine = ''
  try {
    commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')
  } catch {
    return
  }
  if (!Number.isInteger(pid) || pid <= 0 || !commandLine.includes('emulators:start') || !alive()) return
  process.kill(pid, 'SIGINT')
  const deadline = Date.now() + 15_000
  while (alive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200))
  if (alive()) process.kill(pid, 'SIGKILL')
}

class PortTaken extends Error {}

export async function startAuthEmulator(input: StartEmulatorOptions): Promise<RunningEmulator> {
  // The emulator runs inside its folder, so every path handed to it must be absolute.
  const options = { ...input, dir: path.resolve(input.dir) }
  fs.mkdirSync(options.dir, { recursive: true })
  await stopLeftoverEmulator(options.dir)
  // Its ports are picked free here and bound by the emulator a few seconds later; on a busy
  // machine another process can take one in between (any outgoing connection's local port), so
  // a start that failed for a taken port is tried again on new ones.
  for (let attempt = 1; ; attempt++) {
    try {
      return await launchAuthEmulator(options)
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 3) throw error
    }
  }
}

async function launchAuthEmulator(options: StartEmulatorOptions): Promise<RunningEmulator> {
  const port = options.port > 0 && (await portIsFree(options.port)) ? options.port : await freePort()
  const hubPort = await freePort()
  const loggingPort = await freePort()
  fs.writeFileSync(
    path.join(options.dir, 'firebase.json'),
    JSON.stringify(
      {
        emulators: {
          auth: { host: '127.0.0.1', port },
          hub: { host: '127.0.0.1', port: hubPort },
          logging: { host: '127.0.0.1', port: loggingPort },
          ui: { enabled: false },
          singleProjectMode: false,
        },
      },
      null,
      2,
    ),
  )
  const exportDir = path.join(options.dir, 'export')
  const args = ['emulators:start', '--only', 'auth', '--project', options.projectId]
  if (options.persist) {
    if (fs.existsSync(path.join(exportDir, 'firebase-export-metadata.json'))) args.push('--import', exportDir)
    args.push('--export-on-exit', exportDir)
  }
  const require = createRequire(import.meta.url)
  const cli = require.resolve('firebase-tools/lib/bin/firebase.js')
  const child: ChildProcess = spawn(process.execPath, [cli, ...args], {
    cwd: options.dir,
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const pidFile = path.join(options.dir, 'emulator.pid')
  if (child.pid) fs.writeFileSync(pidFile, String(child.pid))
  const output: string[] = []
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue
      output.push(line)
      if (output.length > 200) output.shift()
      options.log?.(line)
    }
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  let exited = false
  // However the portal's process ends (process.exit after a crash, a failed start), the emulator
  // it started ends with it: 'exit' listeners run synchronously, so this is a plain SIGKILL. A
  // clean stop() removes the listener first and lets the emulator export its users.
  const killWithPortal = () => {
    if (!exited) child.kill('SIGKILL')
  }
  process.once('exit', killWithPortal)
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true
      process.removeListener('exit', killWithPortal)
      resolve()
    }),
  )

  const host = `127.0.0.1:${port}`
  // The HTTP port answers before an import has finished; the CLI says when everything is ready.
  const readyDeadline = Date.now() + 90_000
  const allReady = new Promise<void>((resolve, reject) => {
    const check = () => {
      if (output.some((line) => line.includes('All emulators ready'))) resolve()
      else if (Date.now() > readyDeadline) reject(new Error('The Auth emulator did not report ready within 90 s.'))
      else if (!exited) setTimeout(check, 100)
    }
    check()
  })
  try {
    await Promise.race([
      Promise.all([waitForEmulator(host, 90_000), allReady]),
      exitPromise.then(() => {
        throw new Error(`The Auth emulator exited while starting (code ${child.exitCode}).`)
      }),
    ])
  } catch (error) {
    if (!exited) child.kill('SIGKILL')
    await exitPromise
    const tail = output.slice(-40).join('\n')
    const message = `${(error as Error).message}\nLast lines from the Auth emulator:\n${tail}`
    throw output.some((line) => line.includes('is not open on')) ? new PortTaken(message) : new Error(message)
  }

  return {
    host,
    projectId: options.projectId,
    async stop() {
      fs.rmSync(pidFile, { force: true })
      if (exited) return
      child.kill('SIGINT')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exitPromise
      clearTimeout(timer)
    },
  }
}
