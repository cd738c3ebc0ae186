// Compiles server.ts and the code it imports (app, db, realtime) into build/server.mjs, so the
// production server runs without compiling TypeScript at start: no tsx loader thread, about
// 80 MB less resident memory (docs/decisions/108). Packages stay in node_modules, except JSON
// files they hold, which are inlined (Node needs an import attribute to load them). Each worker
// thread's module (app/**/<name>.worker.ts) becomes build/<name>.worker.mjs, beside the bundles
// that start it (app/infra/worker-threads.server.ts).
import fs from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const keepPackagesOutside = {
  name: 'keep-packages-outside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./#]/ }, (args) => {
      if (args.path.endsWith('.json')) return undefined
      return { path: args.path, external: true }
    })
  },
}

// The server and its workers are bundled alike: for Node, as ES modules, packages left outside.
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [keepPackagesOutside],
}

await build({ ...common, entryPoints: ['server.ts'], outfile: 'build/server.mjs' })

const workers = fs
  .readdirSync('app', { recursive: true })
  .filter((file) => file.endsWith('.worker.ts'))
  .map((file) => path.join('app', file))
await build({
  ...common,
  entryPoints: Object.fromEntries(workers.map((file) => [path.basename(file, '.ts'), file])),
  outdir: 'build',
  outExtension: { '.js': '.mjs' },
})
