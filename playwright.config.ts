import os from 'node:os'
import { defineConfig } from '@playwright/test'

// Chromium's headless shell (Debian's chromium-headless-shell): the same engine as the browser,
// without its window machinery; a fifth less of the machine than the full browser run headless,
// which the end-to-end tests used to spend two thirds of their time in (decision 181).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  // A worker per core, at most four (E2E_WORKERS sets it). Each worker has a portal and demo
  // workspace of its own (global-setup.ts, decision 176): specs of different files never meet on
  // the demo's shared records. On two cores two workers take about two thirds of one's time.
  workers: Number(process.env.E2E_WORKERS ?? Math.min(4, os.availableParallelism())),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // A trace records every step of every test to keep the failed ones: a quarter of the run's
    // time (decision 174). A failure keeps its screenshot; E2E_TRACE=1 records traces again.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
})
