// The share-line form (catalogue.md §2 "Share-line modal", §3 "Share form", §5 "Forms"): a name
// and an e-mail are required; the Permissions dropdown is offered only to an account whose role
// or job type is admin. Shared by the browser (Conform) and the server.
import * as z from 'zod/mini'
import { ALPHANUMERIC, EMAIL, LIMITS, maxText, requiredText } from '#app/platform/common-schemas'

export const SHARE_PERMISSIONS = [
  { jobType: 'admin', label: 'Admin' },
  { jobType: 'designer', label: 'Designer' },
  { jobType: 'sales rep', label: 'Sales Rep' },
  { jobType: 'delegate', label: 'Delegate' },
] as const
export type SharePermission = (typeof SHARE_PERMISSIONS)[number]['jobType']

export const SHARE_MESSAGES = {
  nameRequired: 'Name is required.',
  invalidName: 'Invalid Name. Alphanumeric characters expected.',
  emailRequired: 'Email is required.',
  invalidEmail: 'Invalid Email.',
  lineRequired: 'Choose a line to share.',
  creatingTeam: (name: string) => `Creating team: ${name}`,
  invited: (email: string, line: string) => `${email} has been invited to ${line}`,
  delivered: (email: string) => `Invite has been delivered to ${email}`,
  shareError: (line: string) => `Error sharing ${line}`,
  sendError: 'Error sending invite. Please try again later.',
} as const

export const ShareLineSchema = z.object({
  line: requiredText(SHARE_MESSAGES.lineRequired).check(maxText('Line', LIMITS.key)),
  name: requiredText(SHARE_MESSAGES.nameRequired).check(
    maxText('Name', LIMITS.name),
    z.regex(ALPHANUMERIC, SHARE_MESSAGES.invalidName),
  ),
  email: requiredText(SHARE_MESSAGES.emailRequired).check(
    maxText('Email', LIMITS.email),
    z.toLowerCase(),
    z.regex(EMAIL, SHARE_MESSAGES.invalidEmail),
  ),
  permission: z.optional(
    z.enum(
      SHARE_PERMISSIONS.map((option) => option.jobType) as [SharePermission, ...SharePermission[]],
      'Choose a permission from the list.',
    ),
  ),
})
export type ShareLineInput = z.output<typeof ShareLineSchema>

/** Whether the account sees the Permissions dropdown (catalogue.md §6). */
export function mayChoosePermission(account: { role: string; jobType: string }): boolean {
  return account.role === 'admin' || account.jobType === 'admin'
}
