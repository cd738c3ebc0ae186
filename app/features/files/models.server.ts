// The records of the file pipeline, registered with the access module: their table, the column naming their
// brand and their parent, so every access check finds their brand and ancestors.
import { registerModel } from '#app/platform/access/model-registry.server'
import { files } from '#db/schema'

export function registerFilesModels(): void {
  /** An uploaded file (app/features/files/files.server.ts); who reads it also depends on its purpose. */
  registerModel('File', { table: files, key: files.key, brand: files.brandKey, grantable: false })
}
