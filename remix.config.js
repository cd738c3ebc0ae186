/** Remix v2 with the classic compiler (docs/decisions/001-remix-classic-compiler.md). */
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.server.*', '**/*.test.*', '**/*.css'],
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  tailwind: true,
  postcss: true,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
  // The server bundle keeps node_modules external; these ESM-only packages are bundled instead.
  serverDependenciesToBundle: [],
}
