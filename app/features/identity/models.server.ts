// The records of identity (accounts, which belong to no brand), registered with the access module: their table, the column naming their
// brand and their parent, so every access check finds their brand and ancestors.
import { accounts } from '#db/schema'
import { registerModel } from '#app/platform/access/model-registry.server'

export function registerIdentityModels(): void {
  registerModel('Account', { table: accounts, key: accounts.key, brand: null, grantable: false })
}
