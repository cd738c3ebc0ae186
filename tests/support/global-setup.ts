// One Auth emulator for the whole integration run. The emulator signs passwords in against its
// default project only, so every test file shares that project; each file has its own database,
// and users a test creates get unique e-mails.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startAuthEmulator } from '#app/infra/auth-emulator.server'

declare module 'vitest' {
  export interface ProvidedContext {
    emulatorHost: string
    emulatorProjectId: string
  }
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-emulator-'))
  const emulator = await startAuthEmulator({ dir, projectId: 'demo-portal-tests', port: 0, persist: false })
  project.provide('emulatorHost', emulator.host)
  project.provide('emulatorProjectId', emulator.projectId)
  return async () => {
    await emulator.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
