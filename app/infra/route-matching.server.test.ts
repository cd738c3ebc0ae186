import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { rememberRouteMatches } from './route-matching.server'

type Route = { id: string; path?: string; index?: boolean; children?: Route[] }
type Matches = { route: Route; params: Record<string, string>; pathname: string; pathnameBase: string }[] | null

const router = createRequire(import.meta.url)('@remix-run/router') as {
  matchRoutes(routes: Route[], location: string | { pathname: string }, basename?: string): Matches
}
const original = router.matchRoutes

/** A tree like Remix builds from its manifest, fresh each time as Remix builds one per request. */
function tree(): Route[] {
  return [
    {
      id: 'root',
      path: '',
      children: [
        { id: 'index', index: true },
        { id: 'brands', path: 'brands' },
        {
          id: 'brand',
          path: 'brand/:brandKey',
          children: [
            { id: 'products', path: 'products' },
            { id: 'listing', path: 'products/listing/:listingKey' },
            { id: 'splat', path: '*' },
          ],
        },
      ],
    },
  ]
}

const PATHS = [
  '/',
  '/brands',
  '/brand/b1/products',
  '/brand/b2/products?lines=a',
  '/brand/b1/products/listing/l9#top',
  '/brand/b1/anything/else',
  '/nowhere',
]

describe('remembered route matches', () => {
  rememberRouteMatches()

  it('answer what the router answers, for every path and two trees of one shape', () => {
    for (const routes of [tree(), tree()]) {
      for (const path of PATHS) {
        for (let pass = 0; pass < 2; pass++) {
          expect(router.matchRoutes(routes, path), path).toEqual(original(routes, path))
          expect(router.matchRoutes(routes, { pathname: path.split(/[?#]/)[0]! }), path).toEqual(original(routes, path))
        }
      }
    }
  })

  it("are made of the caller's own route objects, with params of their own", () => {
    const first = tree()
    const second = tree()
    const a = router.matchRoutes(first, '/brand/b1/products')!
    const b = router.matchRoutes(second, '/brand/b1/products')!
    expect(a.at(-1)!.route).toBe(first[0]!.children![2]!.children![0])
    expect(b.at(-1)!.route).toBe(second[0]!.children![2]!.children![0])
    a[0]!.params.brandKey = 'changed'
    expect(router.matchRoutes(first, '/brand/b1/products')![0]!.params.brandKey).toBe('b1')
  })

  it('tell trees of another shape apart', () => {
    const other: Route[] = [{ id: 'root', path: '', children: [{ id: 'products', path: 'brand/:brandKey/products' }] }]
    expect(router.matchRoutes(tree(), '/brand/b1/products')!.map((m) => m.route.id)).toEqual([
      'root',
      'brand',
      'products',
    ])
    expect(router.matchRoutes(other, '/brand/b1/products')!.map((m) => m.route.id)).toEqual(['root', 'products'])
  })
})
