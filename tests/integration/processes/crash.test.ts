// A crash of the portal stops the Auth emulator and the database server it started: the real
// server.ts runs as a child process with its own emulator and embedded Postgres server, a
// preloaded test module makes it fail on a signal, and the test checks that the process exits
// non-zero, says why, and leaves neither the emulator nor the database server behind.
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { spawnPortal } from '../../../scripts/spawn-portal'
import { eventually } from '#tests/support/portal'
import { postmasterPid, processRunning } from '#tests/support/server-processes'

function portAnswers(hostAndPort: string): Promise<boolean> {
  const [host, port] = hostAndPort.split(':')
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: Number(port) })
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('a crash of the portal', () => {
  it.each([
    ['uncaught exception', 'exception', 'deliberate uncaught exception'],
    ['unhandled rejection', 'rejection', 'deliberate unhandled rejection'],
  ])(
    'after an %s: logs it, stops its Auth emulator and database server and exits non-zero',
    async (what, kind, message) => {
      const portal = await spawnPortal('crash', {
        nodeArgs: ['--import', './tests/support/crash-on-signal.ts'],
        env: { CRASH_KIND: kind },
      })
      try {
        const emulatorPid = Number(fs.readFileSync(path.join(portal.dataDir, 'auth-emulator', 'emulator.pid'), 'utf8'))
        expect(await portAnswers(portal.emulatorHost)).toBe(true)
        expect(processAlive(emulatorPid)).toBe(true)
        const databasePid = postmasterPid(path.join(portal.dataDir, 'pg'))
        expect(processRunning(databasePid!)).toBe(true)

        const exited = new Promise<number | null>((resolve) => portal.process.once('exit', (code) => resolve(code)))
        portal.process.kill('SIGUSR2')
        expect(await exited).toBe(1)

        await eventually(() => expect(processAlive(emulatorPid)).toBe(false), 15_000)
        await eventually(() => expect(processRunning(databasePid!)).toBe(false), 30_000)
        expect(await portAnswers(portal.emulatorHost)).toBe(false)
        const log = portal.output()
        expect(log).toContain(`${what}: the portal stops`)
        expect(log).toContain(message)
      } finally {
        await portal.stop()
      }
    },
    240_000,
  )
})
