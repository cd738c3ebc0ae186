import { defineConfig } from '@playwright/test'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  // One worker for now (decision 172). Measured the same day from fresh clones: two workers 13.7 min
  // (one test failed, since made firm), one worker 17.1 and 18.5 min. Two are to become the default
  // once a full run with them passes. The tests that change shared state make their own brand and
  // members (fixtures.ts), so E2E_WORKERS=2 works today.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
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
