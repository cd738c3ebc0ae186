// Who may see and manage a brand's people: the abilities this feature declares, with the grant types behind each,
// registered into the access module (app/platform/access/abilities.ts) by app/features/abilities.ts.
import { ANY, OWNER, OWNER_OR_EDITOR } from '#app/platform/access/abilities'

declare module '#app/platform/access/abilities' {
  interface AbilityRegistry {
    /** Contacts and the member lists of the brand and its teams. */
    'team.view': true
    /** Manage Team: teams, members, deactivation, the team CSV. */
    'team.manage': true
    /** Send, list and revoke invites (an editor within limits: invite-rules.ts mayInvite). */
    'invite.send': true
  }
}

export const TEAM_ABILITIES = {
  'team.view': ANY,
  'team.manage': OWNER,
  'invite.send': OWNER_OR_EDITOR,
} as const
