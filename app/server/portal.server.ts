// Assembles the portal in one process: database (migrated), identity provider (the Auth emulator
// when no Firebase project is configured), demo seed, Express with the JSON API, socket.io, the
// Yjs endpoint and Remix. server.ts starts it; integration tests start it without Remix.
import { parseEnv, type Env } from '#app/env.server'
import { registerFeatureAbilities } from '#app/features/abilities'
import { resumeInterruptedChecks, startFileWork } from '#app/features/files/files.server'
import { markInterruptedImports } from '#app/features/imports/imports.server'
import { registerFeatureModels } from '#app/features/models.server'
import { noSubscribers, type EventPublisher, type ServiceDeps } from '#app/platform/context.server'
import { registerDocKind } from '#app/platform/yjs-kinds.server'
import { SEED_LOCK, connectionStringOf, openDatabase, type DatabaseHandle } from '#db/client'
import { describeSettings } from '#db/embedded-server'
import { seedDemo } from '#seed/seed'
import { type SocketLayer } from '#realtime/socket.server'
import { type YjsLayer } from '#realtime/yjs.server'
import { YJS_DOC_KINDS } from './yjs-doc-kinds.server'
import type { ServerBuild } from '@remix-run/node'
import { sql } from 'drizzle-orm'
import { createServer, type Server as HttpServer } from 'node:http'
import path from 'node:path'
import { type RunningEmulator } from '#app/infra/auth-emulator.server'
import { createLocalBlobStore } from '#app/infra/blob-store.server'
import { createS3BlobStore } from '#app/infra/s3-blob-store.server'
import { scheduleBackups } from '#app/infra/backup/schedule.server'
import { createMetrics, type MetricsSources } from '#app/infra/metrics.server'
import { flushErrorReports, initErrorReporting, logEvent, reportError } from '#app/infra/error-reporting.server'
import { trackRequests } from '#app/infra/drain.server'
import { createHttpApp } from './http-app.server'
import type { ReadinessCheck } from '#app/infra/readiness.server'
import { startIdentity } from '#app/infra/identity/start.server'
import { createMailer } from '#app/infra/mailer.server'
import { attachRealtime } from './realtime-layer.server'
import { sessionSecret } from '#app/infra/session-secret.server'

// Every feature's abilities and records, before anything checks access.
registerFeatureAbilities()
registerFeatureModels()

/** The longest a request may take, body included: a 2 GB import. */
const REQUEST_TIMEOUT_MS = 60 * 60 * 1000

export interface PortalOptions {
  env?: Env
  /** The Remix server build; omitted in API-only integration tests. */
  remixBuild?: ServerBuild
  log?: (message: string) => void
}

export interface Portal {
  url: string
  port: number
  deps: ServiceDeps
  database: DatabaseHandle
  emulator: RunningEmulator | null
  socket: SocketLayer
  yjs: YjsLayer
  httpServer: HttpServer
  close(): Promise<void>
}

export async function startPortal(options: PortalOptions = {}): Promise<Portal> {
  // What has started so far, stopped again if a later step fails (a taken port, say), so a
  // failed start never leaves an Auth emulator or a database handle behind.
  const started: (() => Promise<void>)[] = []
  try {
    return await assemblePortal(options, started)
  } catch (error) {
    for (const stop of started.reverse()) await stop().catch(() => undefined)
    throw error
  }
}

async function assemblePortal(options: PortalOptions, started: (() => Promise<void>)[]): Promise<Portal> {
  const env = options.env ?? parseEnv()
  const log = options.log ?? ((message: string) => console.log(message))
  await initErrorReporting({ dsn: env.SENTRY_DSN, environment: env.NODE_ENV })
  if (env.NODE_ENV === 'production') {
    // Both work without, but a deployment almost certainly wants them: say so at every start.
    if (!env.APP_URL) logEvent('warn', 'APP_URL is not set: invite links will point at localhost.')
    if (!env.SMTP_URL) logEvent('warn', 'SMTP_URL is not set: mail is written to DATA_DIR/outbox, not sent.')
    if (env.useAuthEmulator) {
      logEvent('warn', 'ALLOW_AUTH_EMULATOR: signing in through the Auth emulator, which checks no signatures.')
    }
  }

  // The database (the embedded Postgres server in DATA_DIR/pg, or the server DATABASE_URL names)
  // and the identity provider (perhaps the Auth emulator) start side by side.
  const [opened, identityStarted] = await Promise.allSettled([
    openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, log }).then((database) => {
      started.push(() => database.close())
      return database
    }),
    startIdentity(env, log).then((identityHandle) => {
      const { emulator } = identityHandle
      if (emulator) started.push(() => emulator.stop())
      return identityHandle
    }),
  ])
  if (opened.status === 'rejected') throw opened.reason
  if (identityStarted.status === 'rejected') throw identityStarted.reason
  const database = opened.value
  const { identity, emulator } = identityStarted.value
  if (database.server) {
    const { server } = database
    log(`Database: ${server.version}, embedded, in ${server.dir} on 127.0.0.1:${server.port} (${describeSettings()})`)
  }
  await database.migrate()
  // Imports cut off by the last stop show as failed; their commit never half-happened. With the
  // embedded server this process is the only one; with DATABASE_URL others may be importing.
  await markInterruptedImports({ db: database.db }, !env.DATABASE_URL)

  const secret = sessionSecret(env)
  // Files in object storage when configured (every process of a fleet reads the same), else on
  // local disk. A bucket that cannot be used stops the start with what to change.
  const objectStore = env.S3_BUCKET
    ? createS3BlobStore({
        bucket: env.S3_BUCKET,
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
        secret,
      })
    : null
  if (objectStore) {
    started.push(() => Promise.resolve(objectStore.close()))
    await objectStore.check()
    // Resumable uploads and large files are multipart uploads: a service that answers those
    // calls wrongly would lose files it reported stored, so it stops the start (decision 187).
    await objectStore.checkMultipart()
    log(`Files: bucket ${env.S3_BUCKET} at ${env.S3_ENDPOINT ?? `AWS S3 (${env.S3_REGION})`}`)
  }
  // The publisher is wired once socket.io is up; until then nobody can be connected anyway.
  let publisher: EventPublisher = noSubscribers
  const deps: ServiceDeps = {
    db: database.db,
    identity,
    env,
    events: {
      publish: (room, event, payload) => publisher.publish(room, event, payload),
      revokeBrandAccess: (accountKey, brandKey, revocation) =>
        publisher.revokeBrandAccess(accountKey, brandKey, revocation),
      endSessions: (sessionHashes) => publisher.endSessions(sessionHashes),
      joinRooms: (accountKey, names) => publisher.joinRooms(accountKey, names),
      leaveRooms: (accountKey, names) => publisher.leaveRooms(accountKey, names),
      accountsIn: (room) => publisher.accountsIn(room),
      socketsIn: (room) => publisher.socketsIn(room),
      applyDocumentUpdate: (docName, update) => publisher.applyDocumentUpdate(docName, update),
      documentStored: (docName) => publisher.documentStored(docName),
      closeDocument: (docName) => publisher.closeDocument(docName),
    },
    mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR }),
    blobs: objectStore ?? createLocalBlobStore({ dir: path.join(env.DATA_DIR, 'blobs'), secret }),
    // Known once the server listens (PORT 0 picks a free port); APP_URL wins when set.
    appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
    signingSecret: secret,
  }
  if (env.SEED_DEMO) {
    // Processes of a fleet starting together seed one after the other; the later ones find it done.
    const { created } = await database.exclusively(SEED_LOCK, () => seedDemo(deps))
    if (created) log('Seeded the demo workspace.')
  }

  // Files a stopped process was checking are checked again (docs/decisions/090): all of them when
  // this is the embedded database's only process; with DATABASE_URL, those whose lease ran out.
  await resumeInterruptedChecks(deps, { anyLease: !env.DATABASE_URL })
  const fileWork = startFileWork(deps)
  // Backups on a schedule when BACKUP_EVERY is set (docs/decisions/184).
  const stopBackups = scheduleBackups(env, connectionStringOf(database.db))
  // What /readyz asks: the database always, Redis once the realtime layer has connected to it.
  const readinessChecks: ReadinessCheck[] = [{ name: 'database', check: () => database.db.execute(sql`select 1`) }]
  if (objectStore) readinessChecks.push({ name: 'object store', check: () => objectStore.check() })
  let stopping = false
  // What /metrics reads; the realtime layer's figures once it is attached (below).
  let metricsSources: MetricsSources | null = null
  const metrics = createMetrics(env.METRICS_TOKEN, () => metricsSources)
  const { app, closeTus } = createHttpApp({
    deps,
    env,
    secret,
    remixBuild: options.remixBuild,
    started,
    metrics,
    readiness: { checks: readinessChecks, stopping: () => stopping },
  })

  // Node cuts every request at 5 minutes by default; a spreadsheet of a gigabyte streams for
  // longer than that. Headers still must arrive within Node's headersTimeout (60 s).
  const httpServer = createServer({ requestTimeout: REQUEST_TIMEOUT_MS }, app)
  // An idle kept-alive connection is closed by the client or the proxy before the portal closes it
  // (Node's 5 s would race a request sent on it just then: "socket hang up"; load balancers keep
  // idle connections up to 60 s). Headers still must arrive within a minute and a bit.
  httpServer.keepAliveTimeout = 65_000
  httpServer.headersTimeout = 66_000
  // Each feature declares its Yjs documents; they are opened only once registered here.
  for (const kind of YJS_DOC_KINDS) registerDocKind(kind)
  const { socket, yjs, publisher: realtime } = await attachRealtime(httpServer, () => deps, env, started)
  publisher = realtime
  readinessChecks.push(...socket.readinessChecks)
  metricsSources = {
    sockets: () => socket.io.engine.clientsCount,
    yjs: () => yjs.stats(),
    pool: () => ({
      total: database.pool.totalCount,
      idle: database.pool.idleCount,
      waiting: database.pool.waitingCount,
    }),
  }

  const requests = trackRequests(httpServer)
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject)
    httpServer.listen(env.PORT, env.HOST, () => resolve())
  })
  // Resolves once every connection has ended, after close() began (drain calls server.close).
  const serverClosed = new Promise<void>((resolve) => httpServer.once('close', () => resolve()))
  const address = httpServer.address()
  const port = typeof address === 'object' && address ? address.port : env.PORT
  const url = env.APP_URL ?? `http://localhost:${port}`
  deps.appUrl = url.replace(/\/$/, '')

  let closing: Promise<void> | null = null
  return {
    url,
    port,
    deps,
    database,
    emulator,
    socket,
    yjs,
    httpServer,
    close() {
      closing ??= (async () => {
        // Not ready from now on: the load balancer sends nobody new while this process drains.
        stopping = true
        closeTus()
        // Requests in flight and file checks running finish within the same grace period; checks
        // still waiting for their turn are handed to the fleet's other processes.
        const [{ cut }] = await Promise.all([
          requests.drain(env.SHUTDOWN_GRACE_SECONDS * 1000),
          fileWork.stop(env.SHUTDOWN_GRACE_SECONDS * 1000),
        ])
        if (cut > 0)
          logEvent('warn', 'requests cut at shutdown', { count: cut, graceSeconds: env.SHUTDOWN_GRACE_SECONDS })
        // What is left past the grace period is cut (socket.io's long polls among it: their clients
        // reconnect); socket.io's own close would otherwise wait for it without end.
        httpServer.closeAllConnections()
        // Work still running (a request past the grace period, a file check) publishes nowhere
        // from now on, rather than into a closed Redis connection.
        publisher = noSubscribers
        // Realtime clients are told to reconnect (to another process), Yjs documents are stored.
        await yjs.close()
        await socket.close()
        await serverClosed
        await stopBackups()
        await database.close()
        objectStore?.close()
        await emulator?.stop()
        await flushErrorReports()
      })()
      return closing
    },
  }
}

/**
 * After an uncaught exception or an unhandled rejection the process is in a state nobody
 * planned for: log it, stop taking requests, stop the Auth emulator the portal started (so it is
 * not left running without its portal), and exit non-zero so a supervisor restarts the portal.
 * The emulator gets a few seconds to save its users; the exit listener of startAuthEmulator kills
 * it in any case.
 */
export function exitOnCrash(getPortal: () => Portal | null, beforeExit: () => void = () => {}): void {
  let crashed = false
  const exit = () => {
    try {
      beforeExit()
    } finally {
      process.exit(1)
    }
  }
  const crash = (what: string) => (error: unknown) => {
    reportError(error, { msg: `${what}: the portal stops` })
    if (crashed) return exit()
    crashed = true
    const portal = getPortal()
    if (!portal) return exit()
    portal.httpServer.close()
    setTimeout(exit, 10_000).unref()
    void Promise.allSettled([portal.emulator?.stop(), flushErrorReports()]).finally(exit)
  }
  process.on('uncaughtException', crash('uncaught exception'))
  process.on('unhandledRejection', crash('unhandled rejection'))
}
