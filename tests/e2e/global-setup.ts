// Starts the built portal for the end-to-end run and stops it afterwards.
import { spawnPortal } from '../../scripts/spawn-portal'

export default async function globalSetup() {
  const portal = await spawnPortal('e2e')
  process.env.E2E_BASE_URL = portal.baseURL
  return () => portal.stop()
}
