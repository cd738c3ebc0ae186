// `npm run seed` seeds the demo workspace; `npm run seed -- --reset` wipes the database first.
// `npm run seed -- --listings 100000` then fills Demo Brand (or `--brand KEY`) up to that many
// listings (seed/seed-listings.ts), for the catalogue benchmark.
// Stop the portal before running it: the embedded database server runs with one portal at a time.
import { registerFeatureAbilities } from '#app/features/abilities'
import { registerFeatureModels } from '#app/features/models.server'
import path from 'node:path'
import { openDatabase } from '#db/client'
import { DEMO_BRAND_KEY, seedDemo } from '#seed/seed'
import { bulkImages, MAX_GENERATED, seedListings } from '#seed/seed-listings'
import { ensureImages } from '#seed/demo-images'
import { parseEnv } from '#app/env.server'
import { createFirebaseIdentity } from '#app/infra/identity/firebase.server'
import { noSubscribers } from '#app/platform/context.server'
import { runningServerPid } from '#app/infra/pid-file.server'
import { createLocalBlobStore } from '#app/infra/blob-store.server'
import { createMailer } from '#app/infra/mailer.server'

// Every feature's abilities and records, before anything checks access.
registerFeatureAbilities()
registerFeatureModels()

const env = parseEnv()
const reset = process.argv.includes('--reset')
function option(name: string): string | undefined {
  const index = process.argv.indexOf(name)
  return index === -1 ? undefined : process.argv[index + 1]
}
const listingsOption = option('--listings')
const listings = listingsOption === undefined ? undefined : Number(listingsOption)
if (listings !== undefined && (!Number.isInteger(listings) || listings < 0 || listings > MAX_GENERATED)) {
  console.error(`--listings takes a whole number from 0 to ${MAX_GENERATED}.`)
  process.exit(1)
}
const listingsBrand = option('--brand') ?? DEMO_BRAND_KEY

if (!env.DATABASE_URL) {
  const pid = runningServerPid(env.DATA_DIR)
  if (pid) {
    console.error(`The portal is running (pid ${pid}) on ${path.join(env.DATA_DIR, 'pg')}. Stop it first, then seed.`)
    process.exit(1)
  }
}

const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, log: console.log })
await database.migrate()

// Demo users live in Firebase. Without a reachable provider (the emulator starts with the
// portal), `npm start` creates them at its next start.
const canReachIdentity = !env.useAuthEmulator || Boolean(env.FIREBASE_AUTH_EMULATOR_HOST)
const identity = createFirebaseIdentity({
  projectId: env.firebaseProjectId,
  apiKey: env.FIREBASE_API_KEY,
  emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
})
const blobs = createLocalBlobStore({ dir: path.join(env.DATA_DIR, 'blobs'), secret: 'seed-only' })
const { created } = await seedDemo(
  {
    db: database.db,
    identity,
    env,
    events: noSubscribers,
    mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR }),
    blobs,
    appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
    signingSecret: 'seed-only',
  },
  { reset, ensureUsers: canReachIdentity },
)
if (listings !== undefined) {
  const result = await seedListings(database.db, listingsBrand, listings)
  await ensureImages(blobs, bulkImages(listingsBrand))
  console.log(
    `Brand ${listingsBrand} holds ${result.brandTotal} listings (${result.generated} generated) after ${(result.ms / 1000).toFixed(1)} s.`,
  )
}
await database.close()
console.log(
  reset
    ? 'Database wiped and demo workspace seeded.'
    : created
      ? 'Demo workspace seeded.'
      : 'Demo workspace already present.',
)
if (!canReachIdentity) console.log('Demo users are created in the Auth emulator when the portal starts (npm start).')
