// The job types, account roles and account statuses of access.md §2 and §6: the vocabulary the
// route table, the header and the landing rules speak.

export const JOB_TYPES = [
  'admin',
  'owner',
  'designer',
  'editor',
  'vsm',
  'marketing',
  'sales rep',
  'delegate',
  'guest',
] as const
export type JobType = (typeof JOB_TYPES)[number]

export const ACCOUNT_ROLES = ['user', 'admin'] as const
export type AccountRole = (typeof ACCOUNT_ROLES)[number]

export const ACCOUNT_STATUSES = [
  'onboarding-branding',
  'onboarding-personal',
  'onboarding-team',
  'onboarding-features',
  'onboarding-security',
  'onboarded',
] as const
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number]
