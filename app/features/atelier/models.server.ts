// The records of the atelier (a style's files, tech packs, graphics, patterns and materials), registered with the access module: their table, the column naming their
// brand and their parent, so every access check finds their brand and ancestors.
import { graphics, materials, patterns, references, techpacks } from '#db/schema'
import { registerModel } from '#app/platform/access/model-registry.server'
import { PRODUCT_IMAGE_TYPES, registerFilePurpose } from '#app/features/files/index.server'
import { STYLE_FILE_TYPES, detectStyleFileType } from './style-file-types'
import { ASPECT_RATIO_MESSAGE, aspectRatioOf } from './references'

export function registerAtelierModels(): void {
  registerModel('Reference', {
    table: references,
    key: references.key,
    brand: references.brandKey,
    parent: { model: 'Style', column: references.styleKey },
    grantable: false,
  })
  /** The atelier's tech pack, graphics and pattern records of a style (atelier.md §3). */
  for (const [model, table] of [
    ['Techpack', techpacks],
    ['Graphics', graphics],
    ['Pattern', patterns],
  ] as const) {
    registerModel(model, {
      table,
      key: table.key,
      brand: table.brandKey,
      parent: { model: 'Style', column: table.styleKey },
      grantable: false,
    })
  }
  /** A material hangs off its brand: it may be used on several styles, each checked on its own. */
  registerModel('Material', { table: materials, key: materials.key, brand: materials.brandKey, grantable: false })
  /** Files of a style in the atelier's wizard (atelier.md §9 File families; docs/decisions/111). */
  registerFilePurpose('style-file', {
    ability: 'asset.manage',
    types: STYLE_FILE_TYPES,
    limit: 'file',
    images: true,
    detectType: detectStyleFileType,
    aspectRatio: { fits: (width, height) => aspectRatioOf(width, height) !== null, message: ASPECT_RATIO_MESSAGE },
  })
  /** Pictures of a material's front and back (atelier.md §2 Materials step, Media Library). */
  registerFilePurpose('material-image', {
    ability: 'asset.manage',
    types: PRODUCT_IMAGE_TYPES,
    limit: 'image',
    images: true,
  })
}
