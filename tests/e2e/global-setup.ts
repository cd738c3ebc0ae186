// Starts the built portal for the end-to-end run and stops it afterwards.
import { spawnPortal } from '../../scripts/spawn-portal'

export default async function globalSetup() {
  const portal = await spawnPortal('e2e')
  process.env.E2E_BASE_URL = portal.baseURL
  // Tests read the mail outbox (DATA_DIR/outbox) and the emulator's oob and SMS codes.
  process.env.E2E_DATA_DIR = portal.dataDir
  process.env.E2E_EMULATOR_HOST = portal.emulatorHost
  process.env.E2E_PROJECT_ID = portal.projectId
  return () => portal.stop()
}
