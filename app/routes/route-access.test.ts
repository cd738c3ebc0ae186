// The route table, built from what each page declares (docs/decisions/173): the route tree as
// remix.config.js computes it, each route's full pattern, and the `access` of the module its
// loader or action comes from. Then every page must declare, every guard must be given that
// declaration, and the spec's rows (access.md §2, catalogue.md §2) must hold path by path, through
// the loaders that run on the path as Remix runs them.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { isAbility } from '#app/platform/access/abilities'
import {
  decideAccess,
  type AccessDecision,
  type Grant,
  type GrantType,
  type PageAccess,
  type Viewer,
} from '#app/platform/access/permissions'

interface ConfigRoute {
  id: string
  parentId?: string
  path?: string
  index?: boolean
  file: string
}
interface TreeRoute {
  id: string
  path?: string
  index?: boolean
  children?: TreeRoute[]
}
type Matches = { route: TreeRoute; params: Record<string, string | undefined> }[] | null

const require = createRequire(import.meta.url)
// Remix's own defineRoutes, which it hands to the config's `routes` (exported as UNSAFE_defineRoutes).
const { defineRoutes } = require('@remix-run/dev/dist/config/routes.js') as { defineRoutes: unknown }
const { matchRoutes } = require('@remix-run/router') as {
  matchRoutes(routes: TreeRoute[], location: string): Matches
}

const APP = path.resolve('app')

interface Page {
  route: ConfigRoute
  /** The full pattern, as the router joins it; null for a pathless layout. */
  pattern: string | null
  /** Where the loader and the action come from, relative to the project. */
  loader: string | null
  action: string | null
  access: PageAccess | undefined
}

/** The module that defines a route file's export, following its re-exports. */
function definedIn(file: string, name: 'loader' | 'action'): string | null {
  const source = readFileSync(file, 'utf8')
  if (new RegExp(`^export (async )?function ${name}\\b`, 'm').test(source)) return file
  for (const [, names, from] of source.matchAll(/^export \{([^}]*)\} from '([^']+)'/gm)) {
    if (!names!.split(',').some((part) => part.trim() === name)) continue
    const target = from!.startsWith('#app/')
      ? path.join(APP, from!.slice('#app/'.length))
      : path.resolve(path.dirname(file), from!)
    const found = ['.ts', '.tsx'].map((ext) => target + ext).find((candidate) => existsSync(candidate))
    if (!found) throw new Error(`${file}: cannot find ${from}`)
    return definedIn(found, name)
  }
  return null
}

function isPageAccess(value: unknown): value is PageAccess {
  if (typeof value !== 'object' || value === null) return false
  const access = value as Record<string, unknown>
  const keys = Object.keys(access).sort().join(',')
  const ability = typeof access.ability === 'string' && isAbility(access.ability)
  if (access.kind === 'public' || access.kind === 'signedIn') return keys === 'kind'
  if (access.kind === 'brand') return keys === 'ability,kind' && ability
  if (access.kind === 'model')
    return keys === 'ability,kind,model' && ability && ['Line', 'Collection'].includes(access.model as string)
  return false
}

const pages = new Map<string, Page>()
let tree: TreeRoute[] = []

beforeAll(async () => {
  const config = (await import(pathToFileURL(path.resolve('remix.config.js')).href)) as {
    default: { routes(define: unknown): Promise<Record<string, ConfigRoute>> }
  }
  const routes = await config.default.routes(defineRoutes)
  const patternOf = (route: ConfigRoute): string => {
    const parent = route.parentId && route.parentId !== 'root' ? patternOf(routes[route.parentId]!) : ''
    return [parent, route.path ?? ''].filter(Boolean).join('/')
  }
  for (const route of Object.values(routes)) {
    const file = path.join(APP, route.file)
    const loader = definedIn(file, 'loader')
    const action = definedIn(file, 'action')
    const module = loader ?? action
    const access = module ? ((await import(module)) as { access?: PageAccess }).access : undefined
    if (action && loader && action !== loader)
      throw new Error(`${route.file}: loader and action from different modules`)
    const own = route.path !== undefined || route.index
    pages.set(route.id, {
      route,
      pattern: own ? `/${patternOf(route)}` : null,
      loader: loader && path.relative('.', loader),
      action: action && path.relative('.', action),
      access,
    })
  }
  const childrenOf = (parentId: string): TreeRoute[] =>
    Object.values(routes)
      .filter((route) => (route.parentId ?? 'root') === parentId)
      .map((route) => ({ id: route.id, path: route.path, index: route.index, children: childrenOf(route.id) }))
  tree = [{ id: 'root', path: '', children: childrenOf('root') }]
}, 60_000)

const BRAND = 'brandkey1'
const grantsOf = (...types: GrantType[]): Grant[] => types.map((type) => ({ model: 'Brand', model_id: BRAND, type }))
const signedIn = (...types: GrantType[]): Viewer => ({ signedIn: true, grants: grantsOf(...types) })
const visitor: Viewer = { signedIn: false, grants: [] }
const elsewhere: Viewer = { signedIn: true, grants: [{ model: 'Brand', model_id: 'other', type: 'owner' }] }

/** The brand a page's guard decides on: the route's param, or the model's brand (here: BRAND). */
function brandFor(access: PageAccess, params: Record<string, string | undefined>): string | null {
  if (access.kind === 'brand') return params.brandKey ?? null
  if (access.kind === 'model') return (access.model === 'Line' ? params.lineKey : params.collectionKey) ? BRAND : null
  return null
}

/**
 * What a GET of the path gets: every loader that runs on it checks its own declaration, and Remix
 * answers with the first redirect (sign-in, weaker grant), else the first error (not found).
 */
function decidePath(pathname: string, viewer: Viewer): { decision: AccessDecision; leaf: Page } {
  const matches = matchRoutes(tree, pathname)
  if (!matches) throw new Error(`${pathname}: no route`)
  const decisions = matches.flatMap(({ route, params }) => {
    const page = pages.get(route.id)
    return page?.loader && page.access ? [decideAccess(page.access, viewer, brandFor(page.access, params))] : []
  })
  const first = (reason: string) => decisions.find((d) => !d.allowed && d.reason === reason)
  const decision = first('signIn') ?? first('insufficient') ?? first('notFound') ?? { allowed: true as const }
  return { decision, leaf: pages.get(matches.at(-1)!.route.id)! }
}

/** What a form sent to the path gets: only the deepest route's action runs, with its own declaration. */
function decideAction(pathname: string, viewer: Viewer): AccessDecision | null {
  const matches = matchRoutes(tree, pathname)!
  const { route, params } = matches.at(-1)!
  const page = pages.get(route.id)!
  return page.action && page.access ? decideAccess(page.access, viewer, brandFor(page.access, params)) : null
}

describe('every page declares its access', () => {
  it('builds the route tree', () => {
    expect(pages.size).toBeGreaterThan(100)
  })

  it('takes every loader and action from a module that exports a well-formed `access`', () => {
    const missing = [...pages.values()]
      .filter((page) => (page.loader || page.action) && !isPageAccess(page.access))
      .map((page) => `${page.route.file} (${page.loader ?? page.action})`)
    expect(missing).toEqual([])
  })

  it('names in its path the brand, line or collection its declaration needs', () => {
    const needs = { brand: ':brandKey', Line: ':lineKey', Collection: ':collectionKey' } as const
    const wrong = [...pages.values()].filter(({ access, route, pattern }) => {
      if (!access || access.kind === 'public' || access.kind === 'signedIn') return false
      const param = needs[access.kind === 'brand' ? 'brand' : access.model]
      return !(pattern ?? route.path ?? '').split('/').includes(param)
    })
    expect(wrong.map((page) => page.route.file)).toEqual([])
  })

  it('passes its `access` to every guard', () => {
    // Every guard in the features and routes, pages and the helpers they share alike; a helper
    // (the Materials step's, the collection form's) guards with the access its page hands it.
    const sources = readdirSync('app', { recursive: true, encoding: 'utf8' })
      .map((file) => path.join('app', file))
      .filter((file) => /^app\/(features|routes)\/.*\.tsx?$/.test(file) && !file.includes('.test.'))
    const unchecked: string[] = []
    for (const file of sources) {
      const source = readFileSync(file, 'utf8')
      const calls = source.match(/(?<!function )\b(guard|materialPage|createCollectionReply)\([^)]*\)/g) ?? []
      unchecked.push(...calls.filter((call) => !/, access\)$/.test(call)).map((call) => `${file}: ${call}`))
    }
    expect(sources.length).toBeGreaterThan(100)
    expect(unchecked).toEqual([])
  })

  it('gives routes of the same full pattern the same access', () => {
    const byPattern = new Map<string, Set<string>>()
    for (const { pattern, access, loader, action } of pages.values()) {
      if (!pattern || !(loader || action)) continue
      byPattern.set(pattern, (byPattern.get(pattern) ?? new Set()).add(JSON.stringify(access)))
    }
    const differing = [...byPattern].filter(([, declared]) => declared.size > 1).map(([pattern]) => pattern)
    expect(differing).toEqual([])
  })

  it('has a loader on every route but an index, which has its parent path', () => {
    const bare = [...pages.values()].filter((page) => !page.loader && !page.route.index).map((page) => page.route.file)
    expect(bare).toEqual([])
  })
})

// Every row of the spec's route table, with the grants the spec names for it.
const EXPECTED: [path: string, allowed: 'public' | 'signedIn' | GrantType[]][] = [
  ['/', 'public'],
  ['/register', 'public'],
  ['/invite', 'public'],
  ['/password-reset', 'public'],
  ['/reset-password', 'public'],
  ['/verify-email', 'public'],
  ['/user-management', 'public'],
  ['/logout', 'signedIn'],
  ['/brands', 'signedIn'],
  ['/brands/create', 'signedIn'],
  ['/brands/b1/delete', 'signedIn'],
  ['/brands/b1/remove-permissions', 'signedIn'],
  ['/brands/b1/restore', 'signedIn'],
  ['/settings', 'signedIn'],
  ['/settings/profile', 'signedIn'],
  ['/settings/security', 'signedIn'],
  [`/brand/${BRAND}`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/assets`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/marketing`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/team`, ['owner']],
  // The team's dialogs; `/team/invite` names no page (see the brand catch-all below).
  [`/brand/${BRAND}/team/add`, ['owner']],
  [`/brand/${BRAND}/team/member/a1`, ['owner']],
  [`/brand/${BRAND}/team.csv`, ['owner']],
  [`/brand/${BRAND}/contacts`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/chat`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/chat/c1/delete`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/customization`, ['owner', 'editor']],
  [`/brand/${BRAND}/customization/image/logo`, ['owner', 'editor']],
  [`/brand/${BRAND}/edit`, ['owner', 'editor']],
  [`/brand/${BRAND}/settings`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/lines/create`, ['owner']],
  [`/brand/${BRAND}/collections/create`, ['owner']],
  [`/brand/${BRAND}/lines`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/line/l1`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/line/l1/collections`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/collections`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/lines/l1/info`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/lines/l1/access`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/line/l1/edit`, ['owner', 'editor']],
  [`/brand/${BRAND}/line/l1/collections/create`, ['owner']],
  [`/brand/${BRAND}/collection/c1/edit`, ['owner', 'editor']],
  [`/brand/${BRAND}/products`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/upload`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/upload/template`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/upload/i1`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/upload/i1/details`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/upload/i1/review`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/upload/i1/original`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/upload/i1/failed`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/upload/i1/mapping`, ['owner', 'editor']],
  [`/brand/${BRAND}/products/upload/i1/row/3`, ['owner', 'editor']],
  [`/brand/${BRAND}/products/upload/i1/rollback`, ['owner', 'editor']],
  [`/brand/${BRAND}/products/upload/i1/discard`, ['owner', 'editor']],
  [`/brand/${BRAND}/products/media/upload`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/media/manage`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/media/manage/delete/m1`, ['owner', 'editor']],
  [`/brand/${BRAND}/products/media`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/listing/abc`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/p1`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/p1/larger`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/share`, ['owner', 'editor']],
  [`/brand/${BRAND}/products/listing/abc/delete`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/listing/abc/larger`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/atelier`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/quick/abc`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/delete/abc`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/remove`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/team`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/atelier/listings`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/atelier/listings/remove`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/atelier/listings/quick/abc`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/style/s1`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/style/s1/samples/r1`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/assets_library`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/assets_library/folder%20a/b`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/notifications`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/anything-else`, ['owner', 'editor', 'read']],
]

describe('the table built from the declarations', () => {
  it.each(EXPECTED)('%s needs %j', (path, allowed) => {
    const decide = (viewer: Viewer) => {
      const { decision } = decidePath(path, viewer)
      // A form sent to the path meets its deepest route's declaration alone: never less.
      const action = decideAction(path, viewer)
      if (action) expect(action, `action of ${path}`).toEqual(decision)
      return decision
    }
    if (allowed === 'public') {
      expect(decide(visitor)).toEqual({ allowed: true })
      return
    }
    expect(decide(visitor)).toEqual({ allowed: false, reason: 'signIn' })
    if (allowed === 'signedIn') {
      expect(decide(signedIn())).toEqual({ allowed: true })
      return
    }
    for (const type of ['owner', 'editor', 'read'] as const) {
      const decision = decide(signedIn(type))
      if (allowed.includes(type)) expect(decision, type).toEqual({ allowed: true })
      else expect(decision, type).toEqual({ allowed: false, reason: 'insufficient', brandKey: BRAND })
    }
    // No grant on this brand at all (only on another one): not revealed.
    expect(decide(elsewhere)).toEqual({ allowed: false, reason: 'notFound' })
  })

  it('treats line- and collection-scoped routes by the brand resolved from the model', () => {
    for (const path of ['/collection/c1', '/collection/c1/products/upload', '/collection/c1/products/media/upload']) {
      expect(decidePath(path, signedIn('read')).leaf.access).toMatchObject({ kind: 'model', model: 'Collection' })
      expect(decidePath(path, signedIn('read')).decision).toEqual({ allowed: true })
    }
    for (const path of ['/line/l1', '/line/l1/products/upload']) {
      expect(decidePath(path, signedIn('read')).leaf.access).toMatchObject({ kind: 'model', model: 'Line' })
    }
    expect(decidePath('/line/l1', visitor).decision).toEqual({ allowed: false, reason: 'signIn' })
  })

  it('accepts paths with or without a trailing slash and needs sign-in for unknown ones', () => {
    expect(decidePath(`/brand/${BRAND}/team/`, signedIn('read')).leaf.pattern).toBe('/brand/:brandKey/team')
    expect(decidePath('/nowhere', visitor).decision).toEqual({ allowed: false, reason: 'signIn' })
    expect(decidePath('/nowhere', signedIn()).leaf.access).toEqual({ kind: 'signedIn' })
  })

  it('sends a path under a brand that names no page to the brand catch-all: any grant, then 404', () => {
    const { decision, leaf } = decidePath(`/brand/${BRAND}/team/invite`, signedIn('read'))
    expect(leaf.pattern).toBe('/brand/:brandKey/*')
    expect(decision).toEqual({ allowed: true })
  })
})

// The router decodes percent-escapes before it matches a route, and pages get decoded params: an
// escaped letter in any segment of any row reaches the same page and meets the same declaration.
const hex = (char: string) => char.charCodeAt(0).toString(16).padStart(2, '0')
const ENCODINGS: [name: string, encode: (segment: string) => string][] = [
  ['every character escaped', (segment) => [...segment].map((c) => `%${hex(c).toUpperCase()}`).join('')],
  ['first character escaped, lower-case hex', (segment) => `%${hex(segment[0]!)}${segment.slice(1)}`],
  ['last character escaped', (segment) => `${segment.slice(0, -1)}%${hex(segment.at(-1)!).toUpperCase()}`],
]
const ENCODED_VARIANTS = EXPECTED.flatMap(([path, allowed]) => {
  const segments = path.split('/').filter(Boolean)
  return segments.flatMap((segment, index) =>
    segment.includes('%')
      ? []
      : ENCODINGS.map(([how, encode]) => {
          const variant = segments.map((s, i) => (i === index ? encode(s) : s))
          return { path, variant: `/${variant.join('/')}`, how: `${segment}: ${how}`, allowed }
        }),
  )
})

describe('the table on percent-encoded paths', () => {
  it.each(ENCODED_VARIANTS)('$variant ($how) meets the rule of $path', ({ path, variant, allowed }) => {
    const plain = matchRoutes(tree, path)!
    const encoded = matchRoutes(tree, variant)!
    expect(encoded.map((m) => m.route.id)).toEqual(plain.map((m) => m.route.id))
    expect(encoded.at(-1)!.params).toEqual(plain.at(-1)!.params)
    // A read member gets exactly what the plain path gives: a redirect where it needs more.
    const expected =
      Array.isArray(allowed) && !allowed.includes('read')
        ? { allowed: false, reason: 'insufficient', brandKey: BRAND }
        : { allowed: true }
    expect(decidePath(variant, signedIn('read')).decision).toEqual(expected)
  })

  it('reads /brand/K/%65dit as the company profile, which a read member may not open', () => {
    const { decision, leaf } = decidePath(`/brand/${BRAND}/%65dit`, signedIn('read'))
    expect(leaf.pattern).toBe('/brand/:brandKey/edit')
    expect(decision).toEqual({ allowed: false, reason: 'insufficient', brandKey: BRAND })
  })

  it('decodes the brand key as a parameter', () => {
    expect(matchRoutes(tree, '/brand/a%20b/edit')!.at(-1)!.params.brandKey).toBe('a b')
  })
})
