// Creating, e-mailing, listing and revoking invites.
import {
  assembleInviteGrants,
  inviteGrantLevel,
  inviteRole,
  isOpenInvite,
  mayInvite,
  type InviteGrant,
} from '#app/features/teams/invite-rules'
import { InviteSchema, type InviteInput } from '#app/features/teams/invite-schemas'
import { requireAbility } from '#app/platform/access/access.server'
import { JOB_TYPES, type GrantType } from '#app/platform/access/permissions'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound, permissionError } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { brands, invites, lines, teams } from '#db/schema'
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import {
  INVITE_MESSAGES,
  inviteUrl,
  openStatus,
  requireInBrand,
  requireInviteManager,
  requireMayHandle,
  toInviteView,
  validate,
  type InviteRow,
  type InviteView,
} from './invite-views.server'
import type { Actor } from '#app/platform/access/actor'

export interface CreateInviteOptions {
  /**
   * The grant on the brand itself, when a use case hands out less there than the job type brings:
   * sharing a line gives read on the brand and editor on the line (docs/decisions/073).
   */
  brandLevel?: GrantType
}

export async function createInvite(
  deps: ServiceDeps,
  actor: Actor,
  input: InviteInput,
  options: CreateInviteOptions = {},
): Promise<InviteView> {
  const parsed = validate(InviteSchema, input)
  const held = requireInviteManager(actor, parsed.brand)
  const [brand] = await deps.db
    .select({ key: brands.key, name: brands.name })
    .from(brands)
    .where(eq(brands.key, parsed.brand))
    .limit(1)
  if (!brand) throw notFound('Brand')

  const jobType = parsed.job_type?.toLowerCase()
  if (!jobType) throw new AppError('ValidationError', INVITE_MESSAGES.grantingAccess(brand.name))
  if (!(JOB_TYPES as readonly string[]).includes(jobType)) {
    throw new AppError('ValidationError', `job_type: must be one of ${JOB_TYPES.join(', ')}.`)
  }

  const lineKeys = parsed.lines ?? []
  const collectionKeys = parsed.collections ?? []
  const extra = parsed.grants ?? []
  await requireInBrand(deps, brand.key, 'Line', lineKeys, 'lines')
  await requireInBrand(deps, brand.key, 'Collection', collectionKeys, 'collections')
  for (const model of ['Brand', 'Line', 'Collection', 'Style', 'Team']) {
    const ids = extra.filter((grant) => grant.model === model).map((grant) => grant.model_id)
    await requireInBrand(deps, brand.key, model, ids, 'grants')
  }
  let team: { key: string; name: string; grants: InviteGrant[] } | undefined
  if (parsed.team) {
    const [row] = await deps.db
      .select({ key: teams.key, name: teams.name, grants: teams.grants })
      .from(teams)
      .where(and(eq(teams.key, parsed.team), eq(teams.brandKey, brand.key)))
      .limit(1)
    if (!row) throw new AppError('ValidationError', INVITE_MESSAGES.grantingAccess(brand.name))
    team = row
  }

  // The role follows the job type (§6); a role sent by the client does not override it.
  const role = inviteRole(jobType)
  const { data, permissions } = assembleInviteGrants({
    brandKey: brand.key,
    level: options.brandLevel ?? inviteGrantLevel(jobType),
    lines: lineKeys,
    collections: collectionKeys,
    team,
    extra,
  })
  if (!mayInvite(held, { role, permissions })) throw permissionError(INVITE_MESSAGES.ownerOnly)

  const details = {
    email: parsed.email,
    firstName: parsed.first_name,
    lastName: parsed.last_name ?? '',
    jobType,
    role,
    teamKey: team?.key ?? null,
    title: parsed.title ?? null,
    department: parsed.department ?? null,
    employeeNumber: parsed.employee_number ?? null,
    data,
    permissions,
  }
  // One open invite per address and brand: asking again refreshes it and keeps its link valid.
  const [open] = await deps.db
    .select({ key: invites.key, brandKey: invites.brandKey, role: invites.role, permissions: invites.permissions })
    .from(invites)
    .where(and(eq(invites.brandKey, brand.key), eq(invites.email, parsed.email), openStatus))
    .orderBy(asc(invites.created))
    .limit(1)
  if (open) {
    // Refreshing rewrites the invite someone else may have made: only with the right to make it.
    requireMayHandle(actor, open)
    const [row] = await deps.db
      .update(invites)
      .set({ ...details, createdBy: actor.key, modified: new Date() })
      .where(eq(invites.key, open.key))
      .returning()
    return toInviteView(deps, row!)
  }
  const [row] = await deps.db
    .insert(invites)
    .values({
      key: newKey(),
      token: randomBytes(32).toString('base64url'),
      brandKey: brand.key,
      status: 'pending',
      createdBy: actor.key,
      ...details,
    })
    .returning()
  return toInviteView(deps, row!)
}

async function loadInvite(deps: ServiceDeps, inviteKey: string): Promise<InviteRow> {
  const [row] = await deps.db.select().from(invites).where(eq(invites.key, inviteKey)).limit(1)
  if (!row) throw notFound('Invite')
  return row
}

/** "the line Essentials of Demo Brand", "the lines Essentials and Resort of Demo Brand", or the brand. */
function invitedTo(brandName: string, lineNames: readonly string[]): string {
  if (lineNames.length === 0) return brandName
  const names = lineNames.length === 1 ? lineNames[0]! : `${lineNames.slice(0, -1).join(', ')} and ${lineNames.at(-1)!}`
  return `the line${lineNames.length === 1 ? '' : 's'} ${names} of ${brandName}`
}

export function inviteEmail(input: {
  brandName: string
  inviterName: string
  firstName: string
  link: string
  /** The lines the invite shares (a shared line's invite names them). */
  lineNames?: readonly string[]
}) {
  const target = invitedTo(input.brandName, input.lineNames ?? [])
  const subject = `${input.inviterName} invited you to ${target} on Brand Portal`
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,'
  const text = [
    greeting,
    '',
    `${input.inviterName} has invited you to join ${target} on Brand Portal.`,
    '',
    `Accept the invite: ${input.link}`,
    '',
    'If you did not expect this invite, you can ignore this e-mail.',
  ].join('\n')
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(input.inviterName)} has invited you to join <strong>${escapeHtml(target)}</strong> on Brand Portal.</p>
<p><a href="${escapeHtml(input.link)}">Accept the invite</a></p>
<p style="color:#666">If you did not expect this invite, you can ignore this e-mail.</p>`
  return { subject, text, html }
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/**
 * E-mails the invite link (APP_URL + /invite?token=) and marks the invite invited. The link's
 * host is always our own; a client's `path` may only say which landing it expects (/invite).
 */
export async function sendInviteEmail(
  deps: ServiceDeps,
  actor: Actor,
  inviteKey: string,
  options: { path?: string } = {},
): Promise<{ email: string; link: string }> {
  const row = await loadInvite(deps, inviteKey)
  requireMayHandle(actor, row)
  if (!isOpenInvite(row.status)) throw new AppError('Conflict', INVITE_MESSAGES.alreadyAccepted)
  if (options.path && !/\/(invite|register)\/?$/.test(options.path)) {
    throw new AppError('ValidationError', 'path: must end with /invite.')
  }
  const [brand] = await deps.db.select({ name: brands.name }).from(brands).where(eq(brands.key, row.brandKey))
  const link = inviteUrl(deps, row.token)
  const lineKeys = row.permissions.filter((grant) => grant.model === 'Line').map((grant) => grant.model_id)
  const lineRows =
    lineKeys.length === 0
      ? []
      : await deps.db
          .select({ name: lines.name })
          .from(lines)
          .where(and(eq(lines.brandKey, row.brandKey), inArray(lines.key, lineKeys)))
          .orderBy(asc(lines.name))
  const mail = inviteEmail({
    brandName: brand?.name ?? 'your brand',
    inviterName: actor.name || actor.email,
    firstName: row.firstName,
    link,
    lineNames: lineRows.map((line) => line.name),
  })
  try {
    await deps.mailer.send({ to: row.email, ...mail })
  } catch (error) {
    console.error(
      JSON.stringify({ level: 'error', msg: 'invite e-mail failed', invite: row.key, error: String(error) }),
    )
    throw new AppError('UnexpectedError', INVITE_MESSAGES.sendError)
  }
  await deps.db
    .update(invites)
    .set({ status: 'invited', modified: new Date() })
    .where(and(eq(invites.key, row.key), eq(invites.status, 'pending')))
  return { email: row.email, link }
}

async function listOpen(deps: ServiceDeps, actor: Actor, where: ReturnType<typeof and>): Promise<InviteView[]> {
  const rows = await deps.db.select().from(invites).where(and(openStatus, where)).orderBy(asc(invites.created))
  return rows.map((row) => toInviteView(deps, row, actor))
}

/** Open invites (pending or invited) of a brand, oldest first. */
export async function listBrandInvites(deps: ServiceDeps, actor: Actor, brandKey: string): Promise<InviteView[]> {
  requireInviteManager(actor, brandKey)
  return listOpen(deps, actor, eq(invites.brandKey, brandKey))
}

/** Open invites of a brand that name a team (GET /api/invite/query/brand_teams). */
export async function listBrandTeamInvites(deps: ServiceDeps, actor: Actor, brandKey: string): Promise<InviteView[]> {
  requireInviteManager(actor, brandKey)
  return listOpen(deps, actor, and(eq(invites.brandKey, brandKey), isNotNull(invites.teamKey)))
}

/** Open invites into one team. */
export async function listTeamInvites(deps: ServiceDeps, actor: Actor, teamKey: string): Promise<InviteView[]> {
  const { brandKey } = await requireAbility(deps, actor, 'invite.send', { model: 'Team', key: teamKey })
  return listOpen(deps, actor, and(eq(invites.brandKey, brandKey), eq(invites.teamKey, teamKey)))
}

/** Open invites that hand out access to one model (a line, a collection, a style, ...). */
export async function listModelInvites(
  deps: ServiceDeps,
  actor: Actor,
  model: string,
  modelId: string,
): Promise<InviteView[]> {
  const { brandKey } = await requireAbility(deps, actor, 'invite.send', { model, key: modelId })
  const names = JSON.stringify([{ model, model_id: modelId }])
  return listOpen(deps, actor, and(eq(invites.brandKey, brandKey), sql`${invites.data} @> ${names}::jsonb`))
}

/** Deletes an open invite; its link stops working. */
export async function revokeInvite(deps: ServiceDeps, actor: Actor, inviteKey: string, brandKey?: string) {
  const row = await loadInvite(deps, inviteKey)
  // A brand named by the caller must be the invite's, so no one probes invites of other brands.
  if (brandKey !== undefined && brandKey !== row.brandKey) throw notFound('Invite')
  requireMayHandle(actor, row)
  const deleted = await deps.db
    .delete(invites)
    .where(and(eq(invites.key, row.key), openStatus))
    .returning({ key: invites.key })
  if (deleted.length === 0) throw new AppError('Conflict', INVITE_MESSAGES.alreadyAccepted)
}
