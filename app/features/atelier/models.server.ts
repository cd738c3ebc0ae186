// The records of the atelier (a style's files, tech packs, graphics, patterns and materials), registered with the access module: their table, the column naming their
// brand and their parent, so every access check finds their brand and ancestors.
import { graphics, materials, patterns, references, techpacks } from '#db/schema'
import { registerModel } from '#app/platform/access/model-registry.server'

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
}
