import { flatRoutes } from 'remix-flat-routes'

/** Remix v2 with the classic compiler (docs/decisions/001-remix-classic-compiler.md). */
/** Routes are grouped by feature in `+` folders (docs/decisions/045-routes-by-feature.md). */
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Remix's own convention is switched off; remix-flat-routes reads app/routes instead.
  ignoredRouteFiles: ['**/*'],
  routes: async (defineRoutes) =>
    flatRoutes('routes', defineRoutes, {
      // Server-only modules, tests, styles and dotfiles beside a route are not routes.
      ignoredRouteFiles: ['**/.*', '**/*.server.*', '**/*.test.*', '**/*.css'],
    }),
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
  // The server bundle keeps node_modules external; these are bundled instead. A package's JSON
  // file is inlined: Node loads JSON only with an import attribute, which the compiler lacks.
  serverDependenciesToBundle: [/^i18n-iso-countries\/langs\//],
}
