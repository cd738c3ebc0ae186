// ClamAV's clamd for the tests of the clamd path: the one named by CLAMD_SOCKET (CI starts it with
// tests/fixtures/clamav as its signature folder), or one started here on a temporary socket with
// that folder, or none when clamd is not installed (the caller skips and says why).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export const SIGNATURE_DIR = path.resolve('tests/fixtures/clamav')

export interface TestClamd {
  socket: string
  stop(): Promise<void>
}

function answers(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = net.connect({ path: socket })
    connection.once('connect', () => connection.end('zPING\0'))
    connection.once('data', (data) => resolve(data.toString().startsWith('PONG')))
    connection.once('error', () => resolve(false))
  })
}

/** A running clamd, or the reason there is none. */
export async function startTestClamd(): Promise<TestClamd | { missing: string }> {
  const given = process.env.CLAMD_SOCKET
  if (given) {
    if (await answers(given)) return { socket: given, stop: () => Promise.resolve() }
    return { missing: `CLAMD_SOCKET=${given} does not answer` }
  }
  const binary = ['/usr/sbin/clamd', '/usr/bin/clamd'].find((file) => fs.existsSync(file))
  const found = binary ?? spawnSync('which', ['clamd'], { encoding: 'utf8' }).stdout.trim()
  if (!found) return { missing: 'clamd is not installed (apt-get install clamav-daemon)' }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clamd-'))
  const socket = path.join(dir, 'clamd.sock')
  const config = path.join(dir, 'clamd.conf')
  const user = os.userInfo().username
  fs.writeFileSync(
    config,
    [
      `DatabaseDirectory ${SIGNATURE_DIR}`,
      `LocalSocket ${socket}`,
      'Foreground yes',
      `User ${user}`,
      `LogFile ${path.join(dir, 'clamd.log')}`,
      'StreamMaxLength 100M',
    ].join('\n'),
  )
  const child: ChildProcess = spawn(found, ['-c', config], { stdio: 'ignore' })
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break
    if (fs.existsSync(socket) && (await answers(socket))) return { socket, stop }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const log = fs.existsSync(path.join(dir, 'clamd.log')) ? fs.readFileSync(path.join(dir, 'clamd.log'), 'utf8') : ''
  await stop()
  throw new Error(`clamd did not start:\n${log.slice(-2000)}`)
}
