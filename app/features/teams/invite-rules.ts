// Pure invite rules (access.md §4 "Invite acceptance", §6): which grant level and role a job type
// brings, which grants an invite hands out, who may send which invite, and where an invitee lands.
// No I/O here; app/features/teams/invites.server.ts applies these rules to the database.
import { allows, strongestGrant } from '#app/platform/access/abilities'
import { GRANT_TYPES, type GrantType } from '#app/platform/access/grants'

export interface InviteGrant {
  model: string
  model_id: string
  type: string
}

/** One model the invite is for, with the grants it hands out on it (Invite.data, access.md §3). */
export interface InviteDataEntry {
  model: string
  model_id: string
  KIND: string
  grants: InviteGrant[]
}

export const OPEN_INVITE_STATUSES = ['pending', 'invited'] as const
export type InviteStatus = 'pending' | 'invited' | 'accepted'

export function isOpenInvite(status: string): boolean {
  return (OPEN_INVITE_STATUSES as readonly string[]).includes(status)
}

/** In invites, admin gives owner, designer and marketing give editor, anything else read (§6). */
export function inviteGrantLevel(jobType: string): GrantType {
  switch (jobType.trim().toLowerCase()) {
    case 'admin':
      return 'owner'
    case 'designer':
    case 'marketing':
      return 'editor'
    default:
      return 'read'
  }
}

/** What each grant level lets an invitee do on the whole brand, as the invite form says it. */
export const LEVEL_REACH: Record<GrantType, string> = {
  owner: 'see and change everything in the brand, its team and settings included',
  editor: 'see every line, collection and listing of the brand, and add, change and delete them in any line',
  read: 'see every line, collection and listing of the brand, and change nothing',
}

/**
 * What an invite lets the invitee see and change, before it is sent (issue 46): the brand grant at
 * the job type's level, then the lines and collections chosen, which add to it at the same level
 * and do not narrow it (access.md §6).
 */
export function inviteReach(
  jobTypeLabel: string,
  jobType: string,
  chosen: { lines: readonly string[]; collections: readonly string[] },
): string {
  const level = inviteGrantLevel(jobType)
  const sentences = [`${jobTypeLabel}: ${level} of the whole brand; they can ${LEVEL_REACH[level]}.`]
  const named = [
    ...(chosen.lines.length > 0 ? [`the lines ${chosen.lines.join(', ')}`] : []),
    ...(chosen.collections.length > 0 ? [`the collections ${chosen.collections.join(', ')}`] : []),
  ]
  if (named.length > 0) {
    sentences.push(
      `They also get ${named.join(' and ')} at the same level; that adds to the brand, it does not narrow it.`,
    )
  }
  return sentences.join(' ')
}

/** Role is admin for the admin job type, otherwise user (§1, §6). */
export function inviteRole(jobType: string): 'admin' | 'user' {
  return jobType.trim().toLowerCase() === 'admin' ? 'admin' : 'user'
}

/** owner > editor > read; an unknown type ranks below read. */
export function grantRank(type: string): number {
  const index = (GRANT_TYPES as readonly string[]).indexOf(type)
  return index === -1 ? -1 : GRANT_TYPES.length - index
}

export interface InviteScope {
  brandKey: string
  level: GrantType
  lines?: readonly string[]
  collections?: readonly string[]
  /** A team the invitee joins, with the grants its members hold. */
  team?: { key: string; grants: readonly InviteGrant[] }
  extra?: readonly InviteGrant[]
}

/**
 * The invite's data and flattened permissions: the level on the brand, on each chosen line and
 * collection, the team's grants, plus extra grants. Duplicates are dropped; order is brand,
 * lines, collections, team, extra, which is the order the landing looks at.
 */
export function assembleInviteGrants(scope: InviteScope): { data: InviteDataEntry[]; permissions: InviteGrant[] } {
  const data: InviteDataEntry[] = []
  const entry = (model: string, model_id: string, grants: InviteGrant[]) => {
    const existing = data.find((item) => item.model === model && item.model_id === model_id)
    if (existing) existing.grants.push(...grants)
    else data.push({ model, model_id, KIND: model, grants })
  }
  entry('Brand', scope.brandKey, [{ model: 'Brand', model_id: scope.brandKey, type: scope.level }])
  for (const line of unique(scope.lines)) entry('Line', line, [{ model: 'Line', model_id: line, type: scope.level }])
  for (const collection of unique(scope.collections)) {
    entry('Collection', collection, [{ model: 'Collection', model_id: collection, type: scope.level }])
  }
  if (scope.team) entry('Team', scope.team.key, [...scope.team.grants])
  for (const grant of scope.extra ?? []) entry(grant.model, grant.model_id, [{ ...grant }])

  const permissions: InviteGrant[] = []
  for (const item of data) {
    item.grants = dedupeGrants(item.grants)
    permissions.push(...item.grants)
  }
  return { data, permissions: dedupeGrants(permissions) }
}

export function dedupeGrants(grants: readonly InviteGrant[]): InviteGrant[] {
  const seen = new Set<string>()
  const out: InviteGrant[] = []
  for (const grant of grants) {
    const id = `${grant.model}\u0000${grant.model_id}\u0000${grant.type}`
    if (seen.has(id)) continue
    seen.add(id)
    out.push({ model: grant.model, model_id: grant.model_id, type: grant.type })
  }
  return out
}

function unique(values: readonly string[] | undefined): string[] {
  return [...new Set((values ?? []).map((value) => value.trim()).filter(Boolean))]
}

/**
 * Who may send an invite (the spec is silent; docs/decisions/013-invites.md): an owner of the
 * brand may invite anyone; an editor may invite with grants no higher than editor and never the
 * admin role; read members and others may not invite.
 */
export function mayInvite(
  inviterTypesOnBrand: readonly GrantType[],
  invite: { role: string; permissions: readonly InviteGrant[] },
): boolean {
  const held = strongestGrant(inviterTypesOnBrand)
  // Whoever manages the team hands out anything; other inviters stay within editor and user.
  if (allows('team.manage', held)) return true
  if (!allows('invite.send', held)) return false
  if (invite.role === 'admin') return false
  return invite.permissions.every((grant) => grantRank(grant.type) <= grantRank('editor'))
}

/**
 * Where an invitee lands after accepting (§4): by the first grant not on a Brand or Team. A Style
 * goes to its page, a Line or Collection to the products filtered by it, anything else (or none)
 * to the brand's products.
 */
export function inviteLandingPath(brandKey: string, permissions: readonly InviteGrant[]): string {
  const brand = `/brand/${encodeURIComponent(brandKey)}`
  const first = permissions.find((grant) => grant.model !== 'Brand' && grant.model !== 'Team')
  if (!first) return `${brand}/products`
  const id = encodeURIComponent(first.model_id)
  switch (first.model) {
    case 'Style':
      return `${brand}/style/${id}`
    case 'Line':
      return `${brand}/products?lines=${id}`
    case 'Collection':
      return `${brand}/products?collections=${id}`
    default:
      return `${brand}/products`
  }
}

/** Invite tokens are 43 URL-safe characters (32 random bytes); anything else is malformed. */
export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export function isWellFormedInviteToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && INVITE_TOKEN_PATTERN.test(token)
}
