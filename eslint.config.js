import fs from 'node:fs'
import { URL } from 'node:url'
import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/** Import patterns the layer rules below refuse, with the reason a developer reads. */
// Every folder of app/features is a feature; each reaches the others only through their public
// entries (issue 27): `#app/features/<name>` (rules, texts, types), `…/index.server` (services)
// and `…/components`.
const FEATURES = fs
  .readdirSync(new URL('./app/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const featureBoundary = (feature) => ({
  files: [`app/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [
              '\\#app/features/*/**',
              '!\\#app/features/*/index.server',
              '!\\#app/features/*/components',
              `!\\#app/features/${feature}/**`,
            ],
            message:
              'Another feature is reached through its public entry: #app/features/<name>, #app/features/<name>/index.server or #app/features/<name>/components.',
          },
        ],
      },
    ],
  },
})

const LAYERS = {
  serverModules: (who) => ({
    group: ['\\#app/infra/*', '*.server', '**/*.server'],
    message: `${who} imports no service, adapter, database or server-only module (types only, where allowed).`,
  }),
  // The schema's types describe data (a row, a status's values): naming them runs no database code.
  database: {
    group: ['\\#db/*'],
    allowTypeImports: true,
    message: "Only the database schema's types, never its code.",
  },
  pages: {
    group: ['\\#app/routes/*', '\\#app/ui/*', '\\#app/features/*/components/*', '\\#app/features/*/pages/*'],
    message: 'Only pages import routes and components.',
  },
  realtime: {
    group: ['\\#realtime/*'],
    message: 'Reach the realtime layer through #app/platform/protocol (and ServiceDeps.events on the server).',
  },
}

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'public/build/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.cache/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  // Layers (issue 27's first step): each block lists what its files may not import. They hold
  // today and fail `npm test` when broken. One block per file, since a later block's options for the
  // same rule replace an earlier one's.
  {
    // Pure rules, schemas and the access rules: plain data and functions, testable without a
    // server, so they never reach into services, adapters, the database or server-only code.
    files: [
      'app/platform/**/*.ts',
      // A feature's rules, texts and types: what is neither server code nor a component.
      'app/features/**/*.{ts,tsx}',
    ],
    ignores: [
      '**/*.server.ts',
      '**/*.worker.ts',
      '**/*.test.ts',
      'app/features/*/components/**',
      'app/features/*/pages/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [LAYERS.serverModules('A pure rule'), LAYERS.database, LAYERS.pages, LAYERS.realtime] },
      ],
    },
  },
  {
    // Components run in the browser and take nothing from server modules, not even types: the
    // shapes they show live in their feature's views.ts (decision 150). The schema's types they may name.
    files: ['app/ui/**/*.{ts,tsx}', 'app/features/*/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [LAYERS.serverModules('A component'), LAYERS.database] },
      ],
    },
  },
  {
    // Services, server helpers and seeds run below the pages, and reach the realtime layer only
    // through its protocol (their events go out through ServiceDeps.events).
    files: [
      'app/platform/**/*.server.ts',
      'app/features/**/*.server.ts',
      'app/features/**/*.worker.ts',
      'db/**/*.ts',
      'seed/**/*.ts',
    ],
    ignores: ['**/*.test.ts', 'app/features/*/pages/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [LAYERS.pages, LAYERS.realtime] }] },
  },
  {
    // A page module (features/<name>/pages/<page>.tsx) is a route's browser side: components and
    // forms; <page>.shared.ts holds what both sides use. Of the server side they name only types
    // (`typeof loader`); they never run server code.
    files: ['app/features/*/pages/**/*.{ts,tsx}'],
    ignores: ['**/*.server.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { ...LAYERS.serverModules('A page module'), allowTypeImports: true },
            LAYERS.database,
            LAYERS.realtime,
          ],
        },
      ],
    },
  },
  {
    // A page's server side (<page>.server.ts: loader and action) is glue: it calls its feature's
    // services and may use the shared UI's pure rules, but imports no route or other page.
    files: ['app/features/*/pages/**/*.server.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['\\#app/routes/*'], message: 'A page imports no route: the routes re-export the pages.' },
            LAYERS.realtime,
          ],
        },
      ],
    },
  },
  {
    // Routes are the URL map Remix reads (issue 27): each re-exports its page from a feature's
    // pages/ folder, and may otherwise use only the shared UI and platform, or a sibling route.
    files: ['app/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^#(?!app/features/[\\w-]+/pages/[\\w.-]+$|app/ui/|app/platform/)',
              message:
                "A route is thin: it re-exports its page from #app/features/<name>/pages/<page> (and may use #app/ui or #app/platform); the page's code lives in its feature.",
            },
          ],
        },
      ],
    },
  },
  {
    // Adapters and the composition root wire the realtime layer in, but never a page.
    files: ['app/infra/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [LAYERS.pages] }] },
  },
  ...FEATURES.map(featureBoundary),
  {
    // The floors below the features know none (decision 172): the platform (access, session,
    // protocol, ports), the shared UI and the database schema take what they need from features
    // through what the features register at start (abilities, models, file purposes, the actor
    // reader, the hooks of a lost grant). Type imports count too: a type can tie a loop as well.
    files: ['app/platform/**/*.{ts,tsx}', 'app/ui/**/*.{ts,tsx}', 'db/**/*.ts', 'app/env.server.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(#app/(features|server|api|routes|infra)/|#realtime/|#seed/|(\\.\\./)+(features|server|api|routes|infra)/)',
              message:
                'The platform, the shared UI and the database import no feature, adapter, composition root or route: a feature registers what they need at start (decision 172).',
            },
          ],
        },
      ],
    },
  },
  {
    // The realtime layer and the adapters reach a feature only through its public entries, as
    // another feature would: #app/features/<name>, …/index.server or …/components.
    files: ['realtime/**/*.ts', 'app/infra/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['\\#app/features/*/**', '!\\#app/features/*/index.server', '!\\#app/features/*/components'],
              message:
                'The realtime layer and the adapters reach a feature through its public entries: #app/features/<name> or #app/features/<name>/index.server.',
            },
          ],
        },
      ],
    },
  },
  {
    // Seeds build the demo through the features' public entries, as another feature would.
    files: ['seed/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['\\#app/features/*/**', '!\\#app/features/*/index.server', '!\\#app/features/*/components'],
              message:
                'Seeds reach a feature through its public entries: #app/features/<name> or #app/features/<name>/index.server.',
            },
          ],
        },
      ],
    },
  },
  {
    // CommonJS configuration files of tools (the import-cycle check's).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    // Test files share the support modules per worker (decision 174): a hook at the top of one
    // would run in the first file that imports it only. A world registers its hooks in a function
    // each file calls; setup files, which run for every file, may register theirs at the top.
    files: ['tests/support/**/*.ts'],
    ignores: ['tests/support/fail-on-console-error.ts', 'tests/support/close-sockets.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'Program > ExpressionStatement > CallExpression[callee.name=/^(beforeAll|afterAll|beforeEach|afterEach)$/]',
          message:
            'A support module is shared by the files of a worker: register hooks in a function each test file calls (setUp…World), or in a setup file.',
        },
      ],
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
)
