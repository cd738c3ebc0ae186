// The samples of some styles as the atelier's lists show them: those whose file is available, not
// archived, newest first; the style summary and the list of styles both read them this way.
import type { ServiceDeps } from '#app/platform/context.server'
import { files, references } from '#db/schema'
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import { SAMPLES_STEP } from './references'

export async function shownSampleRows(deps: ServiceDeps, styleKeys: readonly string[]) {
  if (styleKeys.length === 0) return []
  return deps.db
    .select({
      key: references.key,
      styleKey: references.styleKey,
      name: references.name,
      status: references.sampleStatus,
      thumb: files.thumbnailKey,
      series: references.sampleSeries,
      version: references.sampleVersion,
    })
    .from(references)
    .innerJoin(files, eq(files.key, references.fileKey))
    .where(
      and(
        inArray(references.styleKey, [...styleKeys]),
        eq(references.step, SAMPLES_STEP),
        eq(references.archived, false),
        eq(files.status, 'available'),
      ),
    )
    .orderBy(desc(references.created), asc(references.key))
}
