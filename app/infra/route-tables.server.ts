// Remix builds the whole route table again for every page: React routes from the manifest, the
// static router's data routes from those, and the static handler flattens, ranks and compiles
// every route to find which ones the address matches. With this portal's ~170 routes that is
// about a millisecond and a megabyte of garbage per page (docs/decisions/163). The routes never
// change while a build is served, so each table is built once per build and shared by requests.
import { createRequire } from 'node:module'
import { rememberRouteMatches } from './route-matching.server'

interface DataRoute {
  id: string
  path?: string
  index?: boolean
  children?: DataRoute[]
  [property: string]: unknown
}

interface StaticHandler {
  dataRoutes: DataRoute[]
  query(request: Request, options?: unknown): Promise<unknown>
  queryRoute(request: Request, options?: unknown): Promise<unknown>
}

type CreateStaticHandler = (routes: DataRoute[], options?: { basename?: string }) => StaticHandler
type Matcher = (routes: DataRoute[], location: { pathname: string }, basename?: string) => { route: DataRoute }[] | null
type ConvertRoutes = (
  routes: unknown[],
  mapRouteProperties: unknown,
  parentPath?: string[],
  manifest?: Record<string, unknown>,
) => unknown[]
type CreateServerRoutes = (manifest: object, routeModules: unknown, future: unknown, isSpaMode: boolean) => unknown[]

const load = createRequire(import.meta.url)
let installed = false

/**
 * Installs, once per process, the three tables kept per build (and the remembered matches of
 * route-matching.server.ts). Each keeps the framework's own function for anything it does not
 * recognise, and answers with what that function would have answered.
 */
export function buildRouteTablesOnce(): void {
  if (installed) return
  installed = true
  rememberRouteMatches()
  const router = load('@remix-run/router') as {
    createStaticHandler: CreateStaticHandler
    matchRoutes: Matcher
    UNSAFE_convertRoutesToDataRoutes: ConvertRoutes
  }
  router.createStaticHandler = handlerPerMatchedBranch(router.createStaticHandler, (routes, pathname, basename) =>
    router.matchRoutes(routes, { pathname }, basename),
  )
  router.UNSAFE_convertRoutesToDataRoutes = convertedOnce(router.UNSAFE_convertRoutesToDataRoutes)
  const remixRoutes = load('@remix-run/react/dist/routes.js') as { createServerRoutes: CreateServerRoutes }
  remixRoutes.createServerRoutes = serverRoutesOnce(remixRoutes.createServerRoutes)
}

/**
 * A static handler that answers each request with a handler built for the branch its address
 * matches (the matched routes alone, found by the remembered matcher over the whole table), so the
 * handler's own match looks at a handful of routes rather than all of them. An address that
 * matches nothing goes to the handler of the whole table (its 404 is Remix's own).
 */
export function handlerPerMatchedBranch(
  create: CreateStaticHandler,
  match: (routes: DataRoute[], pathname: string, basename: string) => { route: DataRoute }[] | null,
): CreateStaticHandler {
  return (routes, options) => {
    const whole = create(routes, options)
    const basename = options?.basename ?? '/'
    const byBranch = new Map<string, StaticHandler>()
    const handlerFor = (request: Request): StaticHandler => {
      const matches = match(routes, new URL(request.url).pathname, basename)
      if (!matches || matches.length === 0) return whole
      const branch = matches.map((m) => m.route.id).join('\n')
      let handler = byBranch.get(branch)
      if (!handler) byBranch.set(branch, (handler = create(branchOnly(matches.map((m) => m.route)), options)))
      return handler
    }
    return {
      ...whole,
      dataRoutes: whole.dataRoutes,
      query: (request, queryOptions) => handlerFor(request).query(request, queryOptions),
      queryRoute: (request, queryOptions) => handlerFor(request).queryRoute(request, queryOptions),
    }
  }
}

/** The routes of one branch, root first, each with only the next as its child. */
export function branchOnly(chain: DataRoute[]): DataRoute[] {
  let child: DataRoute | undefined
  for (let i = chain.length - 1; i >= 0; i--) {
    const route: DataRoute = { ...chain[i]!, children: child ? [child] : undefined }
    if (route.index) delete route.children
    child = route
  }
  return [child!]
}

/**
 * React Router's conversion of the static router's routes, once per route table: the routes
 * Remix passes are the same array on every request (see serverRoutesOnce), and the manifest the
 * caller hands in answers every route by id, as the conversion's would.
 */
function convertedOnce(convert: ConvertRoutes): ConvertRoutes {
  const kept = new WeakMap<
    object,
    { mapRouteProperties: unknown; routes: unknown[]; manifest: Record<string, unknown> }
  >()
  return (routes, mapRouteProperties, parentPath, manifest) => {
    if (parentPath !== undefined || manifest === undefined)
      return convert(routes, mapRouteProperties, parentPath, manifest)
    let entry = kept.get(routes)
    if (!entry || entry.mapRouteProperties !== mapRouteProperties) {
      const own: Record<string, unknown> = {}
      entry = { mapRouteProperties, routes: convert(routes, mapRouteProperties, undefined, own), manifest: own }
      kept.set(routes, entry)
    }
    // The static router only looks routes up by id in it: the kept manifest behind it answers.
    Object.setPrototypeOf(manifest, entry.manifest)
    return entry.routes
  }
}

/** Remix's React routes for the render, once per build's manifest. */
function serverRoutesOnce(create: CreateServerRoutes): CreateServerRoutes {
  const kept = new WeakMap<object, { future: unknown; isSpaMode: boolean; routes: unknown[] }>()
  return (manifest, routeModules, future, isSpaMode) => {
    const entry = kept.get(manifest)
    if (entry && entry.future === future && entry.isSpaMode === isSpaMode) return entry.routes
    const routes = create(manifest, routeModules, future, isSpaMode)
    kept.set(manifest, { future, isSpaMode, routes })
    return routes
  }
}
