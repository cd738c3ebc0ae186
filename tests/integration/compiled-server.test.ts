// The server as `npm start` and the Docker image run it: compiled into build/server.mjs, without
// the TypeScript loader. It starts on a new data folder, serves the sign-in page and the API, and
// starts again on the same data.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { spawnPortal } from '../../scripts/spawn-portal'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-compiled-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

describe('the compiled server', () => {
  it('builds, starts with demo data, serves pages and the API, and starts again on its data', async () => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'pipe' })
    expect(fs.readFileSync('build/server.mjs', 'utf8')).not.toMatch(/from "#app\//)
    for (const start of ['first', 'again']) {
      const portal = await spawnPortal(`compiled-${start}`, { compiled: true, dataDir })
      try {
        expect(portal.output()).toContain('Brand portal is running')
        const page = await fetch(`${portal.baseURL}/`)
        expect(page.status).toBe(200)
        expect(await page.text()).toContain('Sign in')
        const version = await fetch(`${portal.baseURL}/api/app/method/check_version`)
        expect(((await version.json()) as { data: { version: number } }).data.version).toBe(3)
      } finally {
        await portal.stop()
      }
    }
  }, 240_000)
})
