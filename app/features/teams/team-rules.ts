// Pure rules of Manage Team (access.md §2 "Manage Team", §3 "Team member row", §4 "Invite
// acceptance" and "Member display", §6, §9): which rows the table shows and in which order, the
// badge of each status, the grant level a team hands out, the team summary and the CSV.
import type { GrantType } from '#app/platform/access/permissions'

/** An account holding some grant on the brand. */
export interface MemberAccount {
  key: string
  name: string
  email: string
  department: string | null
  jobType: string
  status: string
  created: string
  avatarUrl: string | null
}

/** An open invite of the brand (status pending or invited). */
export interface OpenInvite {
  key: string
  email: string
  first_name: string
  last_name: string
  department?: string | null
  job_type: string
  status: string
  created: string
  url: string | null
}

/** An account that was deactivated for the brand and holds no grant on it any more. */
export interface DeactivatedAccount extends MemberAccount {
  deactivatedAt: string
}

/** One row of the Manage Team table and of its CSV (access.md §3 "Team member row"). */
export interface TeamMemberRow {
  /** Account key for members and deactivated accounts, invite key for invited entries. */
  key: string
  kind: 'member' | 'invited' | 'deactivated'
  name: string
  email: string
  department: string
  activeAccount: boolean
  accountType: string
  /** The account's status (onboarding-…, onboarded), or Invited, or Deactivated. */
  status: string
  inviteURL: string
  avatarUrl: string | null
}

export const INVITED_STATUS = 'Invited'
export const DEACTIVATED_STATUS = 'Deactivated'
export const OPEN_INVITE_STATUSES = ['pending', 'invited'] as const

const byEmail = (email: string) => email.trim().toLowerCase()

/**
 * Active accounts de-duplicated by e-mail, newest first by created; then invited entries (open
 * invites with no active account of the same e-mail) in the order given (the invites service
 * lists them oldest first); then deactivated accounts, most recently deactivated first, unless
 * the same e-mail is active again or invited again (one row per person: the open invite).
 */
export function teamMemberRows(input: {
  accounts: readonly MemberAccount[]
  invites: readonly OpenInvite[]
  deactivated: readonly DeactivatedAccount[]
}): TeamMemberRow[] {
  const newestFirst = [...input.accounts].sort((a, b) => Date.parse(b.created) - Date.parse(a.created))
  const activeEmails = new Set<string>()
  const members: TeamMemberRow[] = []
  for (const account of newestFirst) {
    const email = byEmail(account.email)
    if (activeEmails.has(email)) continue
    activeEmails.add(email)
    members.push({
      key: account.key,
      kind: 'member',
      name: account.name,
      email: account.email,
      department: account.department ?? '',
      activeAccount: true,
      accountType: account.jobType,
      status: account.status,
      inviteURL: '',
      avatarUrl: account.avatarUrl,
    })
  }
  const invited: TeamMemberRow[] = input.invites
    .filter((invite) => (OPEN_INVITE_STATUSES as readonly string[]).includes(invite.status))
    .filter((invite) => !activeEmails.has(byEmail(invite.email)))
    .map((invite) => ({
      key: invite.key,
      kind: 'invited',
      name: `${invite.first_name} ${invite.last_name}`.trim(),
      email: invite.email,
      department: invite.department ?? '',
      activeAccount: false,
      accountType: invite.job_type,
      status: INVITED_STATUS,
      inviteURL: invite.url ?? '',
      avatarUrl: null,
    }))
  const invitedEmails = new Set(invited.map((entry) => byEmail(entry.email)))
  const seenDeactivated = new Set<string>()
  const deactivated: TeamMemberRow[] = [...input.deactivated]
    .sort((a, b) => Date.parse(b.deactivatedAt) - Date.parse(a.deactivatedAt))
    .filter((account) => {
      const email = byEmail(account.email)
      if (activeEmails.has(email) || invitedEmails.has(email) || seenDeactivated.has(email)) return false
      seenDeactivated.add(email)
      return true
    })
    .map((account) => ({
      key: account.key,
      kind: 'deactivated',
      name: account.name,
      email: account.email,
      department: account.department ?? '',
      activeAccount: false,
      accountType: account.jobType,
      status: DEACTIVATED_STATUS,
      inviteURL: '',
      avatarUrl: account.avatarUrl,
    }))
  return [...members, ...invited, ...deactivated]
}

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'muted'

/**
 * Badge style of a status (access.md §4 "Member display"): blue-ish when the text contains
 * onboarding, the onboarded style when it contains onboarded; Invited and Deactivated have their
 * own.
 */
export function statusBadgeTone(status: string): BadgeTone {
  if (status === INVITED_STATUS) return 'warning'
  if (status === DEACTIVATED_STATUS) return 'muted'
  if (status.includes('onboarding')) return 'info'
  if (status.includes('onboarded')) return 'success'
  return 'neutral'
}

/** The grant level a new team hands out, by its job type (access.md §6). */
export function teamGrantLevel(jobType: string | null | undefined): GrantType {
  if (jobType === 'admin') return 'owner'
  if (jobType === 'designer' || jobType === 'vsm') return 'editor'
  return 'read'
}

export const TEAM_SUMMARY_AVATARS = 5

/** "1 member" or "n members". */
export function memberCountLabel(count: number): string {
  return count === 1 ? '1 member' : `${count} members`
}

/** What a team summary row shows: its name (or description), up to 5 avatars, a + when more. */
export function teamSummary<M>(team: { name: string; description: string }, members: readonly M[]) {
  return {
    label: team.name.trim() || team.description,
    avatars: members.slice(0, TEAM_SUMMARY_AVATARS),
    more: members.length > TEAM_SUMMARY_AVATARS,
    countLabel: memberCountLabel(members.length),
  }
}

// ---------------------------------------------------------------------------------------------
// CSV of the team (access.md §9)

export const TEAM_CSV_COLUMNS = [
  'Name',
  'email',
  'Account Active',
  'Status',
  'Invite URL',
  'department',
  'key',
] as const

export function teamCsvFileName(brandKey: string): string {
  return `brand-${brandKey}-team.csv`
}

/** The CSV cells of one row, in the order of TEAM_CSV_COLUMNS. */
export function teamCsvCells(row: TeamMemberRow): string[] {
  return [row.name, row.email, String(row.activeAccount), row.status, row.inviteURL, row.department, row.key]
}

// ---------------------------------------------------------------------------------------------
// Add-member form (access.md §3 "Forms", §6 "Account types selectable", §9 "Departments")

export const DEPARTMENTS = ['hr', 'finance', 'design', 'other'] as const

export const ACCOUNT_TYPES = [
  { label: 'Admin', jobType: 'admin' },
  { label: 'Designer', jobType: 'designer' },
  { label: 'Marketing', jobType: 'marketing' },
  { label: 'Sales Rep', jobType: 'sales rep' },
  { label: 'Delegate', jobType: 'delegate' },
] as const

/** The two entries of the filter-bar menu: Add Team Member (job type admin), Add Guest (guest). */
export const ADD_MEMBER_MODES = { admin: 'Add Team Member', guest: 'Add Guest' } as const
export type AddMemberMode = keyof typeof ADD_MEMBER_MODES

/** Label of a job type for the account type badge. */
export function accountTypeLabel(jobType: string): string {
  const known = ACCOUNT_TYPES.find((type) => type.jobType === jobType)
  if (known) return known.label
  if (jobType === 'vsm') return 'VSM'
  return jobType
    .split(' ')
    .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1) : word))
    .join(' ')
}
