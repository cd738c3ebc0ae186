// Sharing a line (catalogue.md §2 "Share-line modal", §4 "Share flow", §8): the line gets a team
// when it has none, and the person is invited into that team through the invite service, which
// also e-mails the link. Whoever may invite on the brand may share (ability `invite.send`, within
// app/features/teams/invite-rules.ts mayInvite); decisions in docs/decisions/073.
import { and, asc, eq } from 'drizzle-orm'
import { lines, teams } from '#db/schema'
import { AppError, notFound, permissionError } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { inviteRole, mayInvite } from '#app/features/teams/invite-rules'
import { sharedBrandLevel, sharedJobType, sharedTeamGrants } from '#app/features/teams/share-rules'
import { mayChoosePermission, ShareLineSchema } from '#app/features/teams/share-line-schemas'
import { requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { createInvite, INVITE_MESSAGES, sendInviteEmail, type InviteView } from './invites.server'
import { parseOrThrow } from '#app/platform/validation.server'
import type { Actor } from '#app/platform/access/actor'

/** The lines the actor may share on a brand (the modal's line select), by name. */
export async function listShareableLines(deps: ServiceDeps, actor: Actor, brandKey: string) {
  requireBrandAbility(actor, 'invite.send', brandKey)
  return deps.db
    .select({ key: lines.key, name: lines.name })
    .from(lines)
    .where(eq(lines.brandKey, brandKey))
    .orderBy(asc(lines.name), asc(lines.key))
}

export interface ShareOutcome {
  line: { key: string; name: string }
  team: { key: string; name: string; created: boolean }
  invite: InviteView
  /** Null when the e-mail went out; otherwise why not (the invite stays, its link can be copied). */
  mailError: string | null
}

/**
 * Shares a line with a person by e-mail. Everything that can refuse is checked before the team is
 * made, so a refused share changes nothing. An e-mail that cannot be sent does not undo the invite.
 */
export async function shareLine(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  input: unknown,
): Promise<ShareOutcome> {
  const value = parseOrThrow(ShareLineSchema, input)
  const held = requireBrandAbility(actor, 'invite.send', brandKey).grant
  const [line] = await deps.db
    .select({ key: lines.key, name: lines.name })
    .from(lines)
    .where(and(eq(lines.key, value.line), eq(lines.brandKey, brandKey)))
    .limit(1)
  if (!line) throw notFound('Line')

  // The dropdown is shown only to admins; anyone else shares with the spec's default job type.
  const jobType = value.permission && mayChoosePermission(actor) ? value.permission : sharedJobType('Line')
  const brandLevel = sharedBrandLevel(jobType)

  const [existing] = await deps.db
    .select({ key: teams.key, name: teams.name, grants: teams.grants })
    .from(teams)
    .where(and(eq(teams.brandKey, brandKey), eq(teams.model, 'Line'), eq(teams.modelId, line.key)))
    .orderBy(asc(teams.created), asc(teams.key))
    .limit(1)
  const teamGrants = existing?.grants ?? sharedTeamGrants('Line', line.key)
  const permissions = [{ model: 'Brand', model_id: brandKey, type: brandLevel }, ...teamGrants]
  // The invite service refuses the same way; asking first keeps a refused share from leaving a team.
  if (!mayInvite([held], { role: inviteRole(jobType), permissions })) {
    throw permissionError(INVITE_MESSAGES.ownerOnly)
  }

  let team = existing ? { key: existing.key, name: existing.name, created: false } : null
  if (!team) {
    const [row] = await deps.db
      .insert(teams)
      .values({
        key: newKey(),
        brandKey,
        name: line.name,
        description: `Shared line ${line.name}`,
        model: 'Line',
        modelId: line.key,
        grants: teamGrants,
        accountJobType: jobType,
      })
      .returning({ key: teams.key, name: teams.name })
    team = { key: row!.key, name: row!.name, created: true }
  }

  const [first, ...rest] = value.name.split(/\s+/)
  const invite = await createInvite(
    deps,
    actor,
    {
      brand: brandKey,
      email: value.email,
      first_name: first!,
      last_name: rest.join(' '),
      job_type: jobType,
      team: team.key,
    },
    { brandLevel },
  )
  let mailError: string | null = null
  try {
    await sendInviteEmail(deps, actor, invite.key)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    mailError = error.message
  }
  return { line, team, invite, mailError }
}
