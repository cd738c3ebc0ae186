import { createRequire } from 'node:module'
import { describe, expect, it, vi } from 'vitest'
import { branchOnly, buildRouteTablesOnce, handlerPerMatchedBranch } from './route-tables.server'

type Route = { id: string; path?: string; index?: boolean; children?: Route[]; loader?: () => unknown }
interface Context {
  statusCode: number
  matches: { route: { id: string }; params: Record<string, string> }[]
  loaderData: Record<string, unknown>
  errors: Record<string, { status?: number }> | null
}

const load = createRequire(import.meta.url)
const router = load('@remix-run/router') as {
  createStaticHandler(routes: Route[]): {
    query(request: Request): Promise<Context | Response>
    queryRoute(request: Request, options: { routeId: string }): Promise<unknown>
  }
  matchRoutes(routes: Route[], location: { pathname: string }, basename?: string): { route: Route }[] | null
  UNSAFE_convertRoutesToDataRoutes(routes: Route[], map: unknown, parent?: string[], manifest?: object): Route[]
}
const createStaticHandler = router.createStaticHandler.bind(router)

/** Each route's loader answers its id and params, as a page's loaders answer their data. */
const loaderOf =
  (id: string) =>
  ({ params }: { params: Record<string, string> }) => ({ id, params })

function tree(): Route[] {
  const route = (id: string, rest: Omit<Route, 'id'>): Route => ({ id, loader: loaderOf(id) as never, ...rest })
  return [
    route('root', {
      path: '',
      children: [
        route('index', { index: true }),
        route('frame', {
          children: [
            route('brands', { path: 'brands' }),
            route('brand', {
              path: 'brand/:brandKey',
              children: [
                route('list', {
                  path: 'products',
                  children: [route('list-index', { index: true }), route('quick', { path: 'quick/:listingKey' })],
                }),
                route('listing', { path: 'products/listing/:listingKey' }),
                route('brand-splat', { path: '*' }),
              ],
            }),
          ],
        }),
        route('settings', { path: 'settings' }),
      ],
    }),
  ]
}

const PATHS = [
  '/',
  '/brands',
  '/brand/b1/products',
  '/brand/b1/products?lines=a',
  '/brand/b1/products/quick/l2',
  '/brand/b1/products/listing/l9',
  '/brand/b1/anything/else',
  '/brand/caf%C3%A9/products',
  '/settings',
  '/nowhere',
]

/** What a document request shows of a static handler's answer. */
function shown(context: Context | Response) {
  if (context instanceof Response) return { status: context.status }
  return {
    statusCode: context.statusCode,
    matches: context.matches.map((m) => [m.route.id, m.params]),
    loaderData: context.loaderData,
    errors: context.errors && Object.fromEntries(Object.entries(context.errors).map(([id, e]) => [id, e.status])),
  }
}

describe('a static handler per matched branch', () => {
  const branched = handlerPerMatchedBranch(createStaticHandler as never, (routes, pathname, basename) =>
    router.matchRoutes(routes, { pathname }, basename),
  )

  it('answers every address as the handler of the whole table does, loaders and 404s alike', async () => {
    const whole = createStaticHandler(tree())
    const mine = branched(tree() as never)
    for (const path of PATHS) {
      const request = () => new Request(`http://portal.test${path}`)
      expect(shown(await (mine.query(request()) as Promise<Context>)), path).toEqual(
        shown(await whole.query(request())),
      )
    }
    const data = (handler: { queryRoute(r: Request, o: unknown): Promise<unknown> }) =>
      handler.queryRoute(new Request('http://portal.test/brand/b1/products/listing/l9'), { routeId: 'listing' })
    expect(await data(mine)).toEqual(await data(whole))
  })

  it('matches each address against its branch alone, one handler per branch', async () => {
    const create = vi.fn(createStaticHandler)
    const mine = handlerPerMatchedBranch(create as never, (routes, pathname, basename) =>
      router.matchRoutes(routes, { pathname }, basename),
    )(tree() as never)
    await mine.query(new Request('http://portal.test/brand/b1/products'))
    await mine.query(new Request('http://portal.test/brand/b2/products'))
    await mine.query(new Request('http://portal.test/nowhere'))
    // The whole table once, then the products branch once for both brands; nowhere uses the whole.
    expect(create).toHaveBeenCalledTimes(2)
    const branch = create.mock.calls[1]![0] as Route[]
    const ids: string[] = []
    for (let route: Route | undefined = branch[0]; route; route = route.children?.[0]) ids.push(route.id)
    expect(ids).toEqual(['root', 'frame', 'brand', 'list', 'list-index'])
  })

  it('keeps the routes it is given as they were', () => {
    const routes = tree()
    const before = JSON.stringify(routes)
    branchOnly([routes[0]!, routes[0]!.children![1]!])
    expect(JSON.stringify(routes)).toBe(before)
  })
})

describe('tables built once per build', () => {
  buildRouteTablesOnce()

  it("convert the static router's routes once per table, each caller's manifest answering every route", () => {
    const routes = tree()
    const map = () => ({})
    const first: Record<string, Route> = {}
    const second: Record<string, Route> = {}
    const a = router.UNSAFE_convertRoutesToDataRoutes(routes, map, undefined, first)
    const b = router.UNSAFE_convertRoutesToDataRoutes(routes, map, undefined, second)
    expect(b).toBe(a)
    const ids = ['root', 'index', 'frame', 'brands', 'brand', 'list', 'list-index', 'quick', 'listing', 'brand-splat']
    for (const id of ids) {
      expect(first[id]?.id, id).toBe(id)
      expect(second[id], id).toBe(first[id])
    }
    expect(second.nowhere).toBeUndefined()
    expect(router.UNSAFE_convertRoutesToDataRoutes(tree(), map, undefined, {})).not.toBe(a)
  })

  it("make Remix's React routes once per manifest", () => {
    const remix = load('@remix-run/react/dist/routes.js') as {
      createServerRoutes(manifest: object, modules: object, future: object, spa: boolean): { id: string }[]
    }
    const manifest = {
      root: { id: 'root', path: '', hasLoader: true },
      'routes/a': { id: 'routes/a', parentId: 'root', path: 'a', hasLoader: false },
    }
    const modules = { root: { default: () => null }, 'routes/a': { default: () => null } }
    const future = {}
    const first = remix.createServerRoutes(manifest, modules, future, false)
    expect(remix.createServerRoutes(manifest, { ...modules }, future, false)).toBe(first)
    expect(first.map((r) => r.id)).toEqual(['root'])
    expect(remix.createServerRoutes({ ...manifest }, modules, future, false)).not.toBe(first)
  })
})
