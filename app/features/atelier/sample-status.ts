// Virtual sample statuses (atelier.md §4): who may set which. A designer and a virtual-sample
// maker (vsm) each move a sample through their half of its statuses; owner access may set any.
// Pure, so the page, the API and the tests share one rule.

export const SAMPLE_STATUSES = [
  'Asset Uploaded',
  'In Progress',
  'Ready for Review',
  'Declined',
  'Approved',
  'Final',
] as const

export type SampleStatus = (typeof SAMPLE_STATUSES)[number]

export const DEFAULT_SAMPLE_STATUS: SampleStatus = 'In Progress'

/** The job type whose members set each status. */
export const STATUS_JOB_TYPE: Record<SampleStatus, 'designer' | 'vsm'> = {
  'Asset Uploaded': 'designer',
  'In Progress': 'vsm',
  'Ready for Review': 'vsm',
  Declined: 'designer',
  Approved: 'designer',
  Final: 'designer',
}

/** The asset type that marks a style's reference as a virtual sample (decision 134). */
export const SAMPLE_ASSET_TYPE = 'virtual-sample'

/** What a virtual sample may be: pictures, videos and 3D files (atelier.md §1: 3D models and images). */
export const SAMPLE_FAMILIES: readonly string[] = ['image', 'gif', 'video', 'model', 'obj', 'fbx', 'zprj']

export function isSampleStatus(value: unknown): value is SampleStatus {
  return typeof value === 'string' && (SAMPLE_STATUSES as readonly string[]).includes(value)
}

/**
 * The statuses a person may pick: those of their own job type, or all of them with owner access.
 * Anyone else (an editor who is neither designer nor vsm, a read member) picks none.
 */
export function statusesFor(person: { jobType: string; ownerAccess: boolean; mayReview: boolean }): SampleStatus[] {
  if (!person.mayReview) return []
  if (person.ownerAccess) return [...SAMPLE_STATUSES]
  return SAMPLE_STATUSES.filter((status) => STATUS_JOB_TYPE[status] === person.jobType)
}

/**
 * Final means locked (decision 167): a Final sample takes no markup, status, change request or
 * round, however it became Final (Lock as Final or the status picker). Only an owner reopens it.
 */
export function isLocked(status: SampleStatus): boolean {
  return status === 'Final'
}

/** Whether this person may move the sample from `current` to `next` (never out of a lock: that is a reopen). */
export function mayChangeStatus(
  person: { jobType: string; ownerAccess: boolean; mayReview: boolean },
  current: SampleStatus,
  next: SampleStatus,
): boolean {
  return current !== next && !isLocked(current) && statusesFor(person).includes(next)
}

/**
 * The status a reopened sample returns to: the one it had before it became Final, or Approved when
 * that is not known (a sample made Final before its changes were recorded).
 */
export function statusOnReopen(before: string | null | undefined): SampleStatus {
  return isSampleStatus(before) && !isLocked(before) ? before : 'Approved'
}

/**
 * Lock as Final is offered only when the style's version is 3 and the sample is not Final yet
 * (atelier.md §4), to someone who may set Final, and only on an approved sample: locking what was
 * declined or is still in review makes no sense to a reviewer (decision 152).
 */
export function mayLockAsFinal(
  person: { jobType: string; ownerAccess: boolean; mayReview: boolean },
  current: SampleStatus,
  styleVersion: number,
): boolean {
  return styleVersion === 3 && current === 'Approved' && statusesFor(person).includes('Final')
}

/** Who hears of a change: the other side of the review (both sides when an owner changes it). */
export function jobTypesToNotify(actorJobType: string): Array<'designer' | 'vsm'> {
  if (actorJobType === 'designer') return ['vsm']
  if (actorJobType === 'vsm') return ['designer']
  return ['designer', 'vsm']
}

export const SAMPLE_TEXTS = {
  deleted: (name: string) => `Deleted Virtual Sample ${name}`,
  final: (name: string) => `Tagged Virtual Sample ${name} as Final`,
  statusSaved: 'Change saved successfully',
  renamed: 'Reference name updated',
  deleteConfirm: "Deleting a virtual sample can't be undone. Are you sure you want to delete it?",
  notAllowed: (status: string) => `You can't set ${status}: it belongs to another job type.`,
  alreadyFinal: 'This virtual sample is already Final.',
  lockNeedsApproval: 'Only an approved virtual sample can be locked as Final.',
  /** Every change a locked sample refuses (markup, status, change requests, rounds), from any entry. */
  locked: 'This virtual sample is Final and locked: only an owner can reopen it.',
  /** clone_ref on a sample not yet Final: its copy in Final Files comes with the lock. */
  cloneNeedsLock: 'reference: a virtual sample goes to Final Files with Lock as Final, which locks it.',
  /** What the review page says of a locked sample, beside its status. */
  lockedNotice: 'Final and locked. Markup, status and change requests stay as they are; comments are still open.',
  lockedNoticeOwner: 'Reopen it to change anything again.',
  lockedNoticeOthers: 'Only an owner can reopen it.',
  notLocked: 'This virtual sample is not locked.',
  /** A status change based on a status the sample no longer has (decision 168). */
  changedMeanwhile: (status: string, who: string) => `This sample changed meanwhile — now ${status} by ${who}`,
  reopened: (name: string) => `Reopened Virtual Sample ${name}`,
  versionAdded: (version: number, carried: number) =>
    carried === 0
      ? `Version ${version} uploaded`
      : `Version ${version} uploaded: ${carried} ${carried === 1 ? 'mark' : 'marks'} carried over to re-check`,
} as const

const STATUS_TONE: Record<SampleStatus, 'neutral' | 'info' | 'success' | 'warning' | 'danger'> = {
  'Asset Uploaded': 'neutral',
  'In Progress': 'info',
  'Ready for Review': 'warning',
  Declined: 'danger',
  Approved: 'success',
  Final: 'success',
}

/** The badge tone of a sample status (the style list's and the review page's); an unknown one is neutral. */
export function sampleStatusTone(status: string): 'neutral' | 'info' | 'success' | 'warning' | 'danger' {
  return STATUS_TONE[status as SampleStatus] ?? 'neutral'
}
