// The embedded Postgres server's life: the first start makes the cluster and the second finds it
// with its data; stop() leaves no process of it behind; a portal killed with SIGKILL takes its
// server down through the watchdog, and the next portal on the same DATA_DIR has the data; a
// server left running without its watchdog is stopped by the next start; a stale postmaster.pid
// never blocks a start. Assertions are on which processes exist, never on how fast they go.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { lowerBackendPriority } from '#db/backend-priority'
import { CLUSTER_MARKER, freeLoopbackPort, startEmbeddedServer, type EmbeddedServer } from '#db/embedded-server'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { api, eventually } from '#tests/support/portal'
import { killPortalProcesses, startPortalProcess, type PortalProcess } from '#tests/support/portal-processes'
import { childPids, postmasterPid, processRunning, watchdogPids } from '#tests/support/server-processes'

const dirs: string[] = []
const servers: EmbeddedServer[] = []
const children: ChildProcess[] = []

/** A DATA_DIR of its own (the server's user must pass through every folder above it). */
function newDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-embedded-server-'))
  dirs.push(dir)
  return dir
}

const serverOptions = (dataDir: string, log?: (message: string) => void) => ({
  dir: path.join(dataDir, 'pg'),
  passwordFile: path.join(dataDir, 'pg-password'),
  log,
})

async function start(dataDir: string, log?: (message: string) => void): Promise<EmbeddedServer> {
  const server = await startEmbeddedServer(serverOptions(dataDir, log))
  servers.push(server)
  return server
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(text)).rows
  } finally {
    await client.end()
  }
}

function uidOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/^Uid:\s+(\d+)/m.exec(status)![1])
}

afterAll(async () => {
  killPortalProcesses()
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  for (const server of servers) await server.stop().catch(() => undefined)
  // A killed portal's server is stopped by its watchdog; its folder goes once it is down.
  for (const dir of dirs) {
    const pid = postmasterPid(path.join(dir, 'pg'))
    if (pid) await eventually(() => expect(processRunning(pid)).toBe(false), 60_000).catch(() => undefined)
    fs.rmSync(dir, { recursive: true, force: true })
  }
}, 120_000)

describe('starting and stopping', () => {
  it('makes the cluster at the first start and finds it, with its data, at the second', async () => {
    const dataDir = newDataDir()
    const first = await start(dataDir)
    expect(first.created).toBe(true)
    expect(first.version).toMatch(/^PostgreSQL 18\.\d+$/)
    expect(fs.existsSync(path.join(dataDir, 'pg', CLUSTER_MARKER))).toBe(true)
    expect(fs.statSync(path.join(dataDir, 'pg-password')).mode & 0o777).toBe(0o600)
    expect(postmasterPid(first.dir)).toBe(first.pid)
    // Postgres refuses root: as root the server runs as the system user postgres.
    if (process.getuid?.() === 0) expect(uidOf(first.pid)).not.toBe(0)
    const [version] = await query<{ server_version: string }>(first.url, 'show server_version')
    expect(version!.server_version).toMatch(/^18\./)
    await query(first.url, `create table kept (note text); insert into kept values ('from the first start')`)
    await first.stop()

    const second = await start(dataDir)
    expect(second.created).toBe(false)
    expect(second.version).toBe(first.version)
    expect(await query(second.url, 'select note from kept')).toEqual([{ note: 'from the first start' }])
    await second.stop()
  })

  it('leaves no process of the server behind after stop()', async () => {
    const server = await start(newDataDir())
    await query(server.url, 'select 1')
    const serverProcesses = [server.pid, ...childPids(server.pid)]
    // The checkpointer, the background writer, the WAL writer, … and the watchdog.
    expect(serverProcesses.length).toBeGreaterThan(2)
    const watchdogs = watchdogPids(server.pid)
    expect(watchdogs).toHaveLength(1)

    await server.stop()
    for (const pid of [...serverProcesses, ...watchdogs]) {
      await eventually(() => expect(processRunning(pid), `pid ${pid}`).toBe(false), 30_000)
    }
    expect(fs.existsSync(path.join(server.dir, 'postmaster.pid'))).toBe(false)
  })

  it("gives one connection's server process background priority, and none of the others", async () => {
    const server = await start(newDataDir())
    const background = new pg.Client({ connectionString: server.url })
    const other = new pg.Client({ connectionString: server.url })
    await Promise.all([background.connect(), other.connect()])
    try {
      const pidOf = async (client: pg.Client) =>
        (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid
      expect(await lowerBackendPriority(background)).toBe(true)
      expect(os.getPriority(await pidOf(background))).toBe(10)
      expect(os.getPriority(await pidOf(other))).toBe(0)
      expect(os.getPriority(server.pid)).toBe(0)
    } finally {
      await Promise.all([background.end(), other.end()])
      await server.stop()
    }
  })

  it('starts on another port when the free port it picked is taken before the server binds it', async () => {
    const squatter = net.createServer()
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve))
    const taken = (squatter.address() as net.AddressInfo).port
    const picked: number[] = []
    const messages: string[] = []
    try {
      const server = await startEmbeddedServer({
        ...serverOptions(newDataDir(), (message) => messages.push(message)),
        pickPort: async () => {
          const port = picked.length === 0 ? taken : await freeLoopbackPort()
          picked.push(port)
          return port
        },
      })
      servers.push(server)
      expect(picked).toHaveLength(2)
      expect(server.port).toBe(picked[1])
      expect(messages).toContain(`Port ${taken} was taken while the database server started; trying another.`)
      expect(await query(server.url, 'select 1 as one')).toEqual([{ one: 1 }])
      await server.stop()
    } finally {
      squatter.close()
    }
  })
})

async function linesOf(portal: PortalProcess): Promise<{ key: string; name: string }[]> {
  const answer = await api(portal, 'GET', `/api/line/query/brand?brand=${DEMO_BRAND_KEY}`, {
    cookie: portal.sessions['admin@demo.test'],
  })
  expect(answer.status).toBe(200)
  return answer.body.data as { key: string; name: string }[]
}

describe('a portal killed with kill -9', () => {
  it('takes its server down, and the next portal on the same DATA_DIR comes back with the data', async () => {
    const dataDir = newDataDir()
    const first = await startPortalProcess(dataDir, 'embedded-server-test-secret-value')
    const created = await api(first, 'POST', '/api/line/model/', {
      cookie: first.sessions['admin@demo.test'],
      body: { brand: DEMO_BRAND_KEY, name: 'Made before the kill', description: 'Committed, then SIGKILL' },
    })
    expect(created.status).toBe(200)
    const lineKey = (created.body.data as { key: string }).key

    const serverPid = postmasterPid(path.join(dataDir, 'pg'))!
    expect(processRunning(serverPid)).toBe(true)
    const serverProcesses = [serverPid, ...childPids(serverPid)]
    const watchdogs = watchdogPids(serverPid)
    expect(watchdogs).toHaveLength(1)

    first.child.kill('SIGKILL')
    await first.exited
    // Nobody stops the server but the watchdog, whose pipe from the portal closed.
    for (const pid of [...serverProcesses, ...watchdogs]) {
      await eventually(() => expect(processRunning(pid), `pid ${pid}`).toBe(false), 60_000)
    }

    const second = await startPortalProcess(dataDir, 'embedded-server-test-secret-value')
    expect((await linesOf(second)).find((line) => line.key === lineKey)).toMatchObject({ name: 'Made before the kill' })
    const secondServer = postmasterPid(path.join(dataDir, 'pg'))!
    expect(secondServer).not.toBe(serverPid)

    // A portal stopped the ordinary way stops its server itself.
    second.child.kill('SIGTERM')
    await second.exited
    expect(second.child.exitCode).toBe(0)
    expect(processRunning(secondServer)).toBe(false)
  }, 240_000)
})

describe('a server left running', () => {
  it('is stopped by the next start, which then serves the same cluster', async () => {
    const dataDir = newDataDir()
    const leftover = await start(dataDir)
    await query(leftover.url, `create table kept (note text); insert into kept values ('before the leftover')`)
    // Its portal died with its watchdog (kill -9 of both): the server runs on, orphaned.
    const [watchdog] = watchdogPids(leftover.pid)
    expect(watchdog).toBeDefined()
    process.kill(watchdog!, 'SIGKILL')
    await eventually(() => expect(processRunning(watchdog!)).toBe(false))
    expect(processRunning(leftover.pid)).toBe(true)
    const leftoverProcesses = [leftover.pid, ...childPids(leftover.pid)]

    const log: string[] = []
    const next = await start(dataDir, (message) => log.push(message))
    expect(log.join('\n')).toContain(
      `Stopping the database server (pid ${leftover.pid}) an earlier portal left running`,
    )
    for (const pid of leftoverProcesses) expect(processRunning(pid), `pid ${pid}`).toBe(false)
    expect(next.created).toBe(false)
    expect(next.pid).not.toBe(leftover.pid)
    expect(postmasterPid(next.dir)).toBe(next.pid)
    expect(await query(next.url, 'select note from kept')).toEqual([{ note: 'before the leftover' }])
    await next.stop()
    expect(processRunning(next.pid)).toBe(false)
  })
})

describe('a stale postmaster.pid', () => {
  /** A lock file as Postgres writes it, naming `pid`. */
  function writeLockFile(cluster: string, pid: number) {
    const lines = [
      String(pid),
      cluster,
      String(Math.floor(Date.now() / 1000) - 3600),
      '5432',
      '',
      '127.0.0.1',
      '  1234  5678',
      'ready',
    ]
    fs.writeFileSync(path.join(cluster, 'postmaster.pid'), `${lines.join('\n')}\n`)
  }

  it('naming a process that has exited does not block the start', async () => {
    const dataDir = newDataDir()
    await (await start(dataDir)).stop()
    const gone = spawnSync('true').pid
    expect(processRunning(gone)).toBe(false)
    writeLockFile(path.join(dataDir, 'pg'), gone)

    const server = await start(dataDir)
    expect(postmasterPid(server.dir)).toBe(server.pid)
    expect(await query(server.url, 'select 1 as ok')).toEqual([{ ok: 1 }])
    await server.stop()
  })

  it.each([
    ['no Postgres', ['-c', 'sleep 300']],
    ['another Postgres-looking command', ['-c', 'sleep 300', 'postgres', '-D', '/var/lib/postgresql/15/main']],
  ])('naming a live process that is %s does not block the start and leaves that process alone', async (_, args) => {
    const dataDir = newDataDir()
    await (await start(dataDir)).stop()
    const other = spawn('sh', args, { stdio: 'ignore' })
    children.push(other)
    writeLockFile(path.join(dataDir, 'pg'), other.pid!)

    const server = await start(dataDir)
    expect(postmasterPid(server.dir)).toBe(server.pid)
    expect(await query(server.url, 'select 1 as ok')).toEqual([{ ok: 1 }])
    expect(processRunning(other.pid!)).toBe(true)
    await server.stop()
    other.kill('SIGKILL')
  })
})
