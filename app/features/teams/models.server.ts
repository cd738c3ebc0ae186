// The records of teams and invites, registered with the access module: their table, the column naming their
// brand and their parent, so every access check finds their brand and ancestors.
import { invites, teams } from '#db/schema'
import { registerModel } from '#app/platform/access/model-registry.server'

export function registerTeamsModels(): void {
  registerModel('Team', { table: teams, key: teams.key, brand: teams.brandKey, grantable: false })
  registerModel('Invite', { table: invites, key: invites.key, brand: invites.brandKey, grantable: false })
}
