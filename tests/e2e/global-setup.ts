// Starts one built portal per Playwright worker, each with its own data folder, database, Auth
// emulator and demo workspace, and stops them afterwards. A worker's tests then meet no other
// worker's changes to the demo's shared records (Wrap Dress, the demo accounts' notifications and
// current brand), as with one worker (decision 176).
import type { FullConfig } from '@playwright/test'
import { spawnPortal, type SpawnedPortal } from '../../scripts/spawn-portal'
import type { E2EPortal } from './fixtures'

export default async function globalSetup(config: FullConfig) {
  const count = Math.max(1, config.workers)
  const started = await Promise.allSettled(Array.from({ length: count }, (_, index) => spawnPortal(`e2e${index}`)))
  const portals = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const stopAll = () => Promise.all(portals.map((portal: SpawnedPortal) => portal.stop())).then(() => undefined)
  const failure = started.find((result) => result.status === 'rejected')
  if (failure) {
    await stopAll()
    throw failure.reason
  }
  // Workers read this through e2eEnvironment(), by their TEST_PARALLEL_INDEX (0 … workers − 1).
  const environments: E2EPortal[] = portals.map((portal) => ({
    baseURL: portal.baseURL,
    dataDir: portal.dataDir,
    emulatorHost: portal.emulatorHost,
    projectId: portal.projectId,
  }))
  process.env.E2E_PORTALS = JSON.stringify(environments)
  return stopAll
}
