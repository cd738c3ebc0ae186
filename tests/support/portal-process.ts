// Runs one portal process without pages (API, socket.io, Yjs) and prints its port as JSON; the
// multi-process tests start several of these against one Redis server. TEST_SESSIONS names demo
// accounts to sign in: their session cookies (held in this process's database) come with the port.
import { startPortal } from '#app/server/portal.server'
import { signInWithPassword } from '#app/features/identity/auth.server'
import { startSession } from '#app/features/identity/sessions.server'

const portal = await startPortal({ log: () => {} })
const sessions: Record<string, string> = {}
for (const email of (process.env.TEST_SESSIONS ?? '').split(',').filter(Boolean)) {
  const signedIn = await signInWithPassword(portal.deps, {
    email,
    password: portal.deps.env.DEMO_PASSWORD,
    remember: false,
    ip: '127.0.0.9',
  })
  if (!signedIn.ok) throw new Error(`sign-in failed for ${email}: a second step was asked`)
  const session = await startSession(portal.deps, {
    accountKey: signedIn.actor.key,
    firebaseUid: signedIn.actor.firebaseUid,
    remember: false,
  })
  sessions[email] = `__session=${session.id}`
}
process.stdout.write(`${JSON.stringify({ port: portal.port, sessions })}\n`)
const stop = () => void portal.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
