// Remix and React Router match a page's address against every route several times per request
// (the server's match, the lazy route discovery's manifest for each parent path, the render), and
// each match flattens, ranks and compiles the whole route tree again: with this portal's routes,
// several milliseconds of every page. The routes never change while the server runs, so which
// routes a path matches is kept per route tree (docs/decisions/131).
import { createRequire } from 'node:module'

interface RouteLike {
  id?: string
  path?: string
  index?: boolean
  caseSensitive?: boolean
  children?: RouteLike[]
}

interface Match {
  route: RouteLike
  params: Record<string, string | undefined>
  pathname: string
  pathnameBase: string
}

type Matcher = (routes: RouteLike[], location: string | { pathname?: string }, basename?: string) => Match[] | null

/** A match as kept: route ids rather than route objects, which each caller's tree has its own of. */
type KeptMatch = Omit<Match, 'route'> & { id: string }

/** Paths remembered per route tree; past it the oldest are forgotten. */
const MAX_PATHS = 2_000

interface Tree {
  /** Trees built alike (Remix builds one per request from the same manifest) share a number. */
  shape: number
  byId: Map<string, RouteLike>
}

let installed = false

/**
 * Replaces `matchRoutes` on the router module that Remix's server runtime, its lazy route
 * discovery and React Router's rendering call through with one that remembers, per tree shape and
 * path, which routes matched with which params. Every answer is made of the caller's own route
 * objects and fresh match objects, as the original's are.
 */
export function rememberRouteMatches(): void {
  if (installed) return
  installed = true
  const router = createRequire(import.meta.url)('@remix-run/router') as { matchRoutes: Matcher }
  const match = router.matchRoutes
  const shapes = new Map<string, number>()
  const trees = new WeakMap<RouteLike[], Tree | null>()
  const kept = new Map<string, KeptMatch[] | null>()

  /** The tree's shape and its routes by id; null when a route has no id (nothing is kept then). */
  function treeOf(routes: RouteLike[]): Tree | null {
    if (trees.has(routes)) return trees.get(routes)!
    const byId = new Map<string, RouteLike>()
    const parts: string[] = []
    let complete = true
    const walk = (list: RouteLike[], depth: number) => {
      for (const route of list) {
        if (!route.id) complete = false
        else byId.set(route.id, route)
        parts.push(`${depth} ${route.id} ${route.path ?? ''} ${route.index ? 1 : 0}${route.caseSensitive ? 1 : 0}`)
        if (route.children) walk(route.children, depth + 1)
      }
    }
    walk(routes, 0)
    const signature = parts.join('\n')
    let shape = shapes.get(signature)
    if (shape === undefined) shapes.set(signature, (shape = shapes.size))
    const tree = complete ? { shape, byId } : null
    trees.set(routes, tree)
    return tree
  }

  router.matchRoutes = (routes, location, basename = '/') => {
    const tree = treeOf(routes)
    if (!tree) return match(routes, location, basename)
    const pathname = typeof location === 'string' ? location.split(/[?#]/)[0]! : (location.pathname ?? '/')
    const key = `${tree.shape}\n${basename}\n${pathname}`
    let found = kept.get(key)
    if (found === undefined) {
      const matches = match(routes, location, basename)
      found = matches && matches.map(({ route, ...rest }) => ({ ...rest, id: route.id! }))
      if (kept.size >= MAX_PATHS) kept.delete(kept.keys().next().value!)
      kept.set(key, found)
    }
    return found
      ? found.map(({ id, params, pathname, pathnameBase }) => ({
          route: tree.byId.get(id)!,
          params: { ...params },
          pathname,
          pathnameBase,
        }))
      : null
  }
}
