import { defineConfig } from 'vitest/config'
import path from 'node:path'

const alias = {
  '#app': path.resolve('app'),
  '#db': path.resolve('db'),
  '#realtime': path.resolve('realtime'),
  '#seed': path.resolve('seed'),
  '#tests': path.resolve('tests'),
}

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['app/**/*.test.ts', 'db/**/*.test.ts', 'realtime/**/*.test.ts', 'seed/**/*.test.ts'],
          environment: 'node',
          // Pure tests share one module graph per worker: each file re-importing it cost three
          // times the tests themselves (decision 174).
          isolate: false,
          // Every feature's abilities and records, as each entry of the portal loads them first.
          setupFiles: ['tests/support/register-features.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: [
            'app/features/abilities.ts',
            'app/features/models.server.ts',
            'tests/support/fail-on-console-error.ts',
            'tests/support/close-sockets.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Files share one module graph per worker, as the unit tests do; each file still starts
          // its own portal on its own database (a world's hooks are called by each file).
          isolate: false,
          // Two cores: two workers, each with its own database and Firebase project.
          maxWorkers: 2,
        },
      },
    ],
  },
})
