// Records of the atelier for tests that need them to exist (walks, refusals), without uploading.
import { patterns, references } from '#db/schema'
import { newKey } from '#app/lib/ids'
import type { ServiceDeps } from '#app/services/context.server'

/** A pattern of a style; answers its key. */
export async function createPattern(deps: Pick<ServiceDeps, 'db'>, brandKey: string, styleKey: string, name = 'Block') {
  const key = newKey()
  await deps.db.insert(patterns).values({ key, brandKey, styleKey, name })
  return key
}

/** A folder of a style's references at the top level; answers its key. */
export async function createFolder(deps: Pick<ServiceDeps, 'db'>, brandKey: string, styleKey: string, name = 'Folder') {
  const key = newKey()
  await deps.db
    .insert(references)
    .values({ key, brandKey, styleKey, name, type: 'folder', model: 'Style', modelKey: styleKey, pathname: name })
  return key
}
