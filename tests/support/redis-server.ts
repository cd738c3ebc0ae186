// A Redis server of a test's own on a free port (Debian's redis-server), for the tests that
// connect several portal processes; killed by stopRedisServers() in the test's afterAll.
import { spawn, type ChildProcess } from 'node:child_process'
import { freePort } from '#app/infra/auth-emulator.server'

const started: ChildProcess[] = []

/** Starts redis-server without persistence and answers its URL once it accepts connections. */
export async function startRedisServer(): Promise<string> {
  const port = await freePort()
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    started.push(child)
    child.once('error', (error) =>
      reject(new Error(`redis-server could not start (is it installed?): ${error.message}`)),
    )
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)))
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve()
    })
  })
  return `redis://127.0.0.1:${port}`
}

export function stopRedisServers(): void {
  for (const child of started) child.kill('SIGKILL')
}
