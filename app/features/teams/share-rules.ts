// Pure rules of sharing (catalogue.md §4 "Share flow", §6): the job type a shared invitee gets,
// the grants of a team made for the shared model, and what the invite hands out on the brand.
import type { GrantType } from '#app/platform/access/grants'
import { inviteGrantLevel } from './invite-rules'

/** Shared invitees get job type vsm when the model is a Style, otherwise designer (§4). */
export function sharedJobType(model: string): 'vsm' | 'designer' {
  return model === 'Style' ? 'vsm' : 'designer'
}

/** A team created for a shared model hands out editor on it (§4, §6). */
export function sharedTeamGrants(model: string, modelId: string) {
  return [{ model, model_id: modelId, type: 'editor' as GrantType }]
}

/**
 * The grant on the brand itself that a share hands out: read, so the invitee can open the brand
 * and edits only what was shared; an Admin chosen in the Permissions dropdown keeps what the admin
 * job type brings everywhere, owner (docs/decisions/073).
 */
export function sharedBrandLevel(jobType: string): GrantType {
  return jobType === 'admin' ? inviteGrantLevel(jobType) : 'read'
}
