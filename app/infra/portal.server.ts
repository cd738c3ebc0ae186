// Assembles the portal in one process: database (migrated), identity provider (the Auth emulator
// when no Firebase project is configured), demo seed, Express with the JSON API, socket.io, the
// Yjs endpoint and Remix. server.ts starts it; integration tests start it without Remix.
import { registerFeatureAbilities } from '#app/features/abilities'
import { registerFeatureModels } from '#app/features/models.server'
import fs from 'node:fs'
import path from 'node:path'
import { createServer, type Server as HttpServer } from 'node:http'
import { randomBytes } from 'node:crypto'
import compression from 'compression'
import express from 'express'
import { createRequestHandler } from '@remix-run/express'
import { rememberRouteMatches } from './route-matching.server'
import type { ServerBuild } from '@remix-run/node'
import { openDatabase, type DatabaseHandle } from '#db/client'
import { describeSettings } from '#db/embedded-server'
import { seedDemo } from '#db/seed'
import { parseEnv, type Env } from '#app/env.server'
import { createApiRouter } from '#app/api/router.server'
import { refuseControlCharactersInAddress } from './address-text.server'
import { createFirebaseIdentity } from '#app/infra/identity/firebase.server'
import type { IdentityProvider } from '#app/infra/identity/provider.server'
import { markInterruptedImports } from '#app/features/imports/imports.server'
import { noSubscribers, type EventPublisher, type ServiceDeps } from '#app/platform/context.server'
import { attachSocketServer, type SocketLayer } from '#realtime/socket.server'
import { attachYjs, type YjsLayer } from '#realtime/yjs.server'
import { scratchDoc } from '#realtime/yjs/scratch-doc'
import { registerDocKind } from '#app/platform/yjs-kinds.server'
import { mediaOrderDoc } from '#app/features/media/index.server'
import { sampleMarkupDoc } from '#app/features/samples/index.server'
import { startAuthEmulator, type RunningEmulator } from './auth-emulator.server'
import { createLocalBlobStore } from './blob-store.server'
import { createMailer } from './mailer.server'
import { serveBlobs } from './blob-route.server'
import { TUS_PATH, serveTus } from './tus-route.server'
import { servePdfViewer } from './pdf-viewer-route.server'
import { PDF_VIEWER_PATH } from '#app/platform/pdf-viewer'
import { resumeInterruptedChecks } from '#app/features/files/files.server'
import {
  PERMISSIONS_POLICY,
  STRICT_TRANSPORT_SECURITY,
  contentSecurityPolicy,
  newNonce,
} from './security-headers.server'
import { flushErrorReports, initErrorReporting, logEvent, reportError } from './error-reporting.server'

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

function sessionSecret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET
  if (env.NODE_ENV === 'production' && env.DATABASE_URL) {
    throw new Error('SESSION_SECRET is required in production with a shared database (several processes).')
  }
  // One machine, one process: keep a generated secret beside the data so sessions survive restarts.
  const file = path.join(env.DATA_DIR, 'session-secret')
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  fs.mkdirSync(env.DATA_DIR, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  fs.writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

async function startIdentity(
  env: Env,
  log: (m: string) => void,
): Promise<{ identity: IdentityProvider; emulator: RunningEmulator | null }> {
  if (!env.useAuthEmulator) {
    return {
      identity: createFirebaseIdentity({ projectId: env.firebaseProjectId, apiKey: env.FIREBASE_API_KEY }),
      emulator: null,
    }
  }
  if (env.FIREBASE_AUTH_EMULATOR_HOST) {
    // An emulator someone else runs (tests, or `firebase emulators:start` by hand).
    return {
      identity: createFirebaseIdentity({
        projectId: env.firebaseProjectId,
        emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
      }),
      emulator: null,
    }
  }
  log('Starting the Firebase Auth emulator…')
  const emulator = await startAuthEmulator({
    dir: path.join(env.DATA_DIR, 'auth-emulator'),
    projectId: env.firebaseProjectId,
    port: env.AUTH_EMULATOR_PORT,
    persist: true,
  })
  log(`Auth emulator ready at http://${emulator.host}`)
  return {
    identity: createFirebaseIdentity({ projectId: env.firebaseProjectId, emulatorHost: emulator.host }),
    emulator,
  }
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
      applyDocumentUpdate: (docName, update) => publisher.applyDocumentUpdate(docName, update),
    },
    mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR }),
    blobs: createLocalBlobStore({ dir: path.join(env.DATA_DIR, 'blobs'), secret }),
    // Known once the server listens (PORT 0 picks a free port); APP_URL wins when set.
    appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
    signingSecret: secret,
  }
  if (env.SEED_DEMO) {
    const { created } = await seedDemo(deps)
    if (created) log('Seeded the demo workspace.')
  }

  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', env.TRUST_PROXY)
  const servedOverTls = env.APP_URL?.startsWith('https://') ?? false
  const recaptcha = Boolean(env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY)
  app.use((req, res, next) => {
    // A fresh nonce per response: Remix's inline scripts carry it (app/entry.server.tsx).
    const nonce = newNonce()
    res.locals.cspNonce = nonce
    res.setHeader('Content-Security-Policy', contentSecurityPolicy({ nonce, recaptcha }))
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
    if (servedOverTls || req.secure) res.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY)
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'same-origin')
    res.setHeader('X-Frame-Options', 'SAMEORIGIN')
    next()
  })
  // Socket.io and Yjs upgrades bypass Express; pages, assets and JSON are compressed.
  app.use(compression())
  app.use(refuseControlCharactersInAddress)
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true })
  })
  // Files a stopped process was checking are checked again (docs/decisions/090).
  await resumeInterruptedChecks(deps)
  const tus = serveTus(deps)
  started.push(() => Promise.resolve(tus.close()))
  app.use(TUS_PATH, tus.router)
  app.use('/api', createApiRouter(deps))
  app.use('/blobs', serveBlobs(deps))
  app.use(PDF_VIEWER_PATH, servePdfViewer())
  if (options.remixBuild) {
    rememberRouteMatches()
    app.use('/build', express.static('public/build', { immutable: true, maxAge: '1y' }))
    app.use(express.static('public', { maxAge: '1h' }))
    app.all(
      '*',
      createRequestHandler({
        build: options.remixBuild,
        // Remix's development mode only adds stack traces (with the server's paths) to error
        // answers; there is no dev server here, so a client is never told more in any mode.
        mode: 'production',
        getLoadContext: (req, res) => ({
          deps,
          sessionSecret: secret,
          secureCookies: servedOverTls || req.secure,
          clientIp: req.ip,
          // Remix strips `_data` from the URL loaders see; client-side data requests carry it.
          isDataRequest: typeof req.query._data === 'string',
          cspNonce: res.locals.cspNonce as string,
          memo: new Map(),
        }),
      }),
    )
  }

  // Anything that escaped a handler: logged and reported, and a plain 500 for the client.
  app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
    // Express and its parsers mark the client's own mistakes (an undecodable path, a bad body)
    // with a 4xx status: that is a refusal, not a failure of ours.
    const status = (error as { status?: unknown } | null)?.status
    if (typeof status === 'number' && status >= 400 && status < 500 && !res.headersSent) {
      res.status(status).json({ error: { type: 'ValidationError', message: 'The request is malformed.' } })
      return
    }
    reportError(error, { msg: 'request failure', path: req.originalUrl, method: req.method })
    if (res.headersSent) return next(error)
    res.status(500).json({ error: { type: 'UnexpectedError', message: 'There is a system error, try again later.' } })
  })

  // Node cuts every request at 5 minutes by default; a spreadsheet of a gigabyte streams for
  // longer than that. Headers still must arrive within Node's headersTimeout (60 s).
  const httpServer = createServer({ requestTimeout: REQUEST_TIMEOUT_MS }, app)
  const realtimeOptions = { redisUrl: env.REDIS_URL, appUrl: () => env.APP_URL }
  const socket = await attachSocketServer(httpServer, () => deps, realtimeOptions)
  started.push(() => socket.close())
  // Each feature declares its Yjs documents; they are opened only once registered here.
  for (const kind of [mediaOrderDoc, sampleMarkupDoc, scratchDoc]) registerDocKind(kind)
  const yjs = await attachYjs(httpServer, () => deps, realtimeOptions)
  started.push(() => yjs.close())
  publisher = {
    ...socket.publisher,
    applyDocumentUpdate: (docName, update) => yjs.applyUpdate(docName, update),
    // Both reach every process: socket rooms through the adapter, Yjs through its own channel.
    revokeBrandAccess(accountKey, brandKey, revocation) {
      socket.publisher.revokeBrandAccess(accountKey, brandKey, revocation)
      yjs.closeConnections(accountKey, brandKey)
    },
    endSessions(sessionHashes) {
      socket.publisher.endSessions(sessionHashes)
      yjs.closeSessions(sessionHashes)
    },
  }

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject)
    httpServer.listen(env.PORT, env.HOST, () => resolve())
  })
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
        tus.close()
        await yjs.close()
        await socket.close()
        httpServer.closeAllConnections()
        await new Promise<void>((resolve) => httpServer.close(() => resolve()))
        await database.close()
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
