// The records of the asset library, registered with the access module: their table, the column
// naming their brand, so every access check finds their brand.
import { buckets } from '#db/schema'
import { registerModel } from '#app/platform/access/model-registry.server'
import { registerFilePurpose } from '#app/features/files/index.server'
import { STYLE_FILE_TYPES, detectStyleFileType } from '#app/features/atelier'

export function registerAssetsModels(): void {
  /** A bucket hangs off its brand; its entries are reached through it. */
  registerModel('Bucket', { table: buckets, key: buckets.key, brand: buckets.brandKey, grantable: false })
  /** Files of the brand's asset library (atelier.md §2 Asset library): the atelier's file families. */
  registerFilePurpose('asset-library', {
    ability: 'asset.manage',
    types: STYLE_FILE_TYPES,
    limit: 'file',
    images: true,
    detectType: detectStyleFileType,
    // atelier.md §9: the default upload path of the library.
    folder: 'assets/bucket',
  })
}
