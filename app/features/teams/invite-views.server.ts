// An invite as its pages and the API show it, its messages, and what its use cases share.
import {
  mayInvite,
  OPEN_INVITE_STATUSES,
  type InviteDataEntry,
  type InviteGrant,
} from '#app/features/teams/invite-rules'
import { requireBrandAbility } from '#app/platform/access/access.server'
import { modelEntry } from '#app/platform/access/model-registry.server'
import { brandGrantTypes, type GrantType } from '#app/platform/access/permissions'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, permissionError } from '#app/platform/errors'
import type { Database } from '#db/client'
import { invites } from '#db/schema'
import { and, eq, inArray } from 'drizzle-orm'
import * as z from 'zod/mini'
import type { Actor } from '#app/platform/access/actor'

export type { InviteInput } from '#app/features/teams/invite-schemas'
export type { GrantSpec } from '#db/schema'

export const INVITE_MESSAGES = {
  notFound: 'Invite Not Found. Please ask a team Admin to send you a new invite.',
  parseError: 'Error parsing invite. Please ask a team Admin to send you a new invite.',
  sendError: 'Error sending invite. Please try again later.',
  created: 'Invite has been created.',
  deleted: 'Invite has been deleted successfully.',
  delivered: (email: string) => `Invite has been delivered to ${email}`,
  invitedTo: (email: string, model: string) => `${email} has been invited to ${model}`,
  grantingAccess: (model: string) => `Error granting access to ${model}`,
  alreadyAccepted: 'This invite has already been accepted.',
  wrongAccount: (email: string) => `This invite was sent to ${email}. Sign in with that e-mail address to accept it.`,
  ownerOnly: 'Only an owner of the brand can invite with owner access or the admin role.',
  noParentBrand:
    'Error associating your invite with a parent Brand. Please contact support with details about your invite.',
} as const

export type InviteRow = typeof invites.$inferSelect

/** The Invite entity as the API and Manage Team show it (access.md §3). */
export interface InviteView {
  key: string
  KIND: 'Invite'
  email: string
  first_name: string
  last_name: string
  job_type: string
  role: string
  status: string
  team: string | null
  title: string | null
  department: string | null
  employee_number: string | null
  brand: string
  created: string
  data: InviteDataEntry[]
  permissions: InviteGrant[]
  /** The link with the secret token; null for a viewer who may not hand out this invite. */
  url: string | null
}

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

export function inviteUrl(deps: Pick<ServiceDeps, 'appUrl'>, token: string): string {
  return `${deps.appUrl.replace(/\/$/, '')}/invite?token=${encodeURIComponent(token)}`
}

/**
 * The invite as an API shows it. The link is the invite itself (whoever holds it signs up with its
 * grants), so only someone allowed to hand out this invite sees it: an editor listing the brand's
 * invites must not pick up the link of an owner-level one.
 */
export function toInviteView(deps: Pick<ServiceDeps, 'appUrl'>, row: InviteRow, viewer?: Actor): InviteView {
  const showLink = !viewer || mayInvite(brandGrantTypes(viewer.grants, row.brandKey), row)
  return {
    key: row.key,
    KIND: 'Invite',
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    job_type: row.jobType,
    role: row.role,
    status: row.status,
    team: row.teamKey,
    title: row.title,
    department: row.department,
    employee_number: row.employeeNumber,
    brand: row.brandKey,
    created: row.created.toISOString(),
    data: row.data,
    permissions: row.permissions,
    url: showLink ? inviteUrl(deps, row.token) : null,
  }
}

/** Schema failures as a ValidationError carrying the spec's message itself (no field prefix). */
export function validate<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input ?? {})
  if (result.success) return result.data
  const fields: Record<string, string[]> = {}
  for (const issue of result.error.issues) (fields[issue.path.join('.') || 'body'] ??= []).push(issue.message)
  throw new AppError('ValidationError', result.error.issues[0]!.message, fields)
}

export const openStatus = inArray(invites.status, [...OPEN_INVITE_STATUSES])

/** Managing a brand's invites needs owner or editor there; no grant reads as not found. */
export function requireInviteManager(actor: Actor, brandKey: string): GrantType[] {
  return [requireBrandAbility(actor, 'invite.send', brandKey).grant]
}

export function requireMayHandle(actor: Actor, row: Pick<InviteRow, 'brandKey' | 'role' | 'permissions'>): void {
  const held = requireInviteManager(actor, row.brandKey)
  if (!mayInvite(held, row)) throw permissionError(INVITE_MESSAGES.ownerOnly)
}

/** Keys among `ids` that are rows of `model` in the brand (the invite may only name those). */
async function keysInBrand(deps: ServiceDeps, brandKey: string, model: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  if (model === 'Brand') return new Set(ids.filter((id) => id === brandKey))
  const entry = modelEntry(model)
  if (!entry?.brand || !['Line', 'Collection', 'Style', 'Team'].includes(model)) return new Set()
  const rows = (await deps.db
    .select({ key: entry.key })
    .from(entry.table)
    .where(and(eq(entry.brand, brandKey), inArray(entry.key, ids)))) as { key: string }[]
  return new Set(rows.map((row) => row.key))
}

export async function requireInBrand(deps: ServiceDeps, brandKey: string, model: string, ids: string[], field: string) {
  const found = await keysInBrand(deps, brandKey, model, ids)
  const missing = ids.find((id) => !found.has(id))
  if (missing !== undefined) {
    throw new AppError('ValidationError', `${field}: ${missing} is not a ${model} of this brand.`)
  }
}
