// The virtual atelier's list of styles (atelier.md §1: `/brand/{id}/atelier`): each style once, by
// name, with its progress, how many of its samples stand at each status and its newest sample's
// picture. Anyone who may see the brand's products sees its styles, as on the products list.
import { requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { styles } from '#db/schema'
import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import { shownSampleRows } from './sample-rows.server'
import { STYLE_STEPS, completeStepCount } from './style-steps'
import type { StyleListPage, StyleListRow } from './views'
import type { Actor } from '#app/platform/access/actor'
import { newestOfEachSeries } from './sample-series'

export const STYLES_PER_PAGE = 24
const SEARCH_MAX = 100

/** The page `page` (from 1) of the brand's styles whose name or number holds `search`. */
export async function listStyles(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  query: { search?: string | null; page?: number },
): Promise<StyleListPage> {
  requireBrandAbility(actor, 'listing.view', brandKey)
  const search = (query.search ?? '').trim().slice(0, SEARCH_MAX)
  const conditions: SQL[] = [eq(styles.brandKey, brandKey)]
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    // Accents and case ignored, as in the products search (docs/decisions/179).
    conditions.push(
      sql`(portal_fold(${styles.name}) like portal_fold(${like}) or portal_fold(${styles.number}) like portal_fold(${like}))`,
    )
  }
  const where = and(...conditions)
  const [counted] = await deps.db
    .select({ total: sql<number>`count(*)::int` })
    .from(styles)
    .where(where)
  const total = Number(counted?.total ?? 0)
  const pages = Math.max(1, Math.ceil(total / STYLES_PER_PAGE))
  const page = Math.min(Math.max(1, Math.floor(query.page ?? 1) || 1), pages)
  const rows = await deps.db
    .select()
    .from(styles)
    .where(where)
    .orderBy(asc(styles.name), asc(styles.key))
    .offset((page - 1) * STYLES_PER_PAGE)
    .limit(STYLES_PER_PAGE)
  const samples = await samplesOf(
    deps,
    rows.map((row) => row.key),
  )
  return {
    rows: rows.map((row): StyleListRow => ({
      key: row.key,
      name: row.name,
      number: row.number,
      progress: { complete: completeStepCount(row), total: STYLE_STEPS.length },
      ...(samples.get(row.key) ?? { sampleStatuses: [], latestSample: null }),
    })),
    total,
    page,
    pages,
    search,
  }
}

/** Per style: its samples (each series by its newest version) counted by status, and the newest one's picture. */
async function samplesOf(
  deps: ServiceDeps,
  styleKeys: string[],
): Promise<Map<string, Pick<StyleListRow, 'sampleStatuses' | 'latestSample'>>> {
  const rows = await shownSampleRows(deps, styleKeys)
  const byStyle = new Map<string, typeof rows>()
  for (const row of rows) {
    const list = byStyle.get(row.styleKey!)
    if (list) list.push(row)
    else byStyle.set(row.styleKey!, [row])
  }
  const answer = new Map<string, Pick<StyleListRow, 'sampleStatuses' | 'latestSample'>>()
  for (const [styleKey, list] of byStyle) {
    const shown = newestOfEachSeries(list)
    const counts = new Map<string, number>()
    for (const sample of shown)
      counts.set(sample.status ?? 'In Progress', (counts.get(sample.status ?? 'In Progress') ?? 0) + 1)
    const newest = shown[0]
    answer.set(styleKey, {
      sampleStatuses: [...counts].map(([status, count]) => ({ status, count })),
      latestSample: newest
        ? { key: newest.key, name: newest.name, thumbnail: newest.thumb ? deps.blobs.signedUrl(newest.thumb) : null }
        : null,
    })
  }
  return answer
}
