// What the product upload screens add to the import's texts (app/features/imports/messages.ts): the
// support mailbox, the check the browser makes before a file is sent (the server reads the bytes
// and decides), the stepper's steps, and where Done leads.

import { IMPORT_MESSAGES } from './messages'
import type { ImportCounts, ImportStatus } from './views'
import { spreadsheetExtension } from './spreadsheet-files'
import { CLIENT_SERVICES_EMAIL } from '#app/platform/client-services'

/** The spec's texts (one list for the service and the pages). */
export const IMPORT_TEXTS = IMPORT_MESSAGES

/** The mailbox the spec's support texts name (docs/decisions/085). */
export { CLIENT_SERVICES_EMAIL }

/** The persistent toast after an upload or commit that left rows with errors (§8). */
export const reviewUploadMessage = (email = CLIENT_SERVICES_EMAIL) => IMPORT_MESSAGES.reviewErrors(email)

export const recordsParsed = IMPORT_MESSAGES.recordsParsed

const CSV_TYPES = ['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel']
const XLSX_TYPES = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/octet-stream']

/**
 * Whether a chosen file looks like a spreadsheet we read to the browser: a `.csv` name with a type
 * that is empty or one browsers give CSV files (Windows reports Excel's type for them), or an
 * `.xlsx` name (docs/decisions/177). The server reads the bytes and decides.
 */
export function looksLikeSpreadsheet(file: { name: string; type: string }): boolean {
  const extension = spreadsheetExtension(file.name)
  const type = file.type.toLowerCase()
  if (extension === 'csv') return type === '' || CSV_TYPES.includes(type)
  if (extension === 'xlsx') return type === '' || XLSX_TYPES.includes(type)
  return false
}

/** The three steps of the product stepper (catalogue.md §2 Stepper). */
export const UPLOAD_STEPS = [
  { id: 'upload', label: 'Product Upload', path: 'products/upload' },
  { id: 'media', label: 'Product Media Upload', path: 'products/media/upload' },
  { id: 'manage', label: 'Product Media Management', path: 'products/media/manage' },
] as const
export type UploadStepId = (typeof UPLOAD_STEPS)[number]['id']
export type StepState = 'completed' | 'in progress' | 'not started'

/** Each step's state as the side list shows it: those before the current one are completed. */
export function stepStates(
  current: UploadStepId,
): { id: UploadStepId; label: string; number: number; state: StepState }[] {
  const at = UPLOAD_STEPS.findIndex((step) => step.id === current)
  return UPLOAD_STEPS.map((step, index) => ({
    id: step.id,
    label: step.label,
    number: index + 1,
    state: index < at ? 'completed' : index === at ? 'in progress' : 'not started',
  }))
}

/** Where Done of the details and review modals leads: on to step 2, or only closed on failure. */
export function doneTarget(brandKey: string, view: { key: string; status: string }): string {
  return view.status === 'failed'
    ? `/brand/${brandKey}/products/upload/${view.key}`
    : `/brand/${brandKey}/products/media/upload`
}

/** Why an import cannot be rolled back, told by the service and by the page before one asks. */
export const ROLLBACK_TEXTS = {
  notCommitted: (status: string) =>
    `Only a committed import can be rolled back; this one is ${status.replace('_', ' ')}.`,
  noLonger: 'This import is no longer committed.',
  /** Who changed which of its rows since (docs/decisions/178), in one message. */
  blocked: (blockers: { imports: { filename: string; rows: RowSample }[]; edited: RowSample }) =>
    [
      ...blockers.imports.map(
        (later) => `${rowList(later.rows)} changed since by the upload of ${later.filename}: roll that one back first.`,
      ),
      ...(blockers.edited.count > 0 ? [`${rowList(blockers.edited)} edited since on the products page.`] : []),
    ].join(' '),
}

/** The first row numbers of some rows, in order, and how many there are in all. */
export interface RowSample {
  first: readonly number[]
  count: number
}

export const NO_ROW_NUMBERS: RowSample = { first: [], count: 0 }

/** "Row 5 was", "Rows 5, 7 and 9 were", "Rows 5, 7, 9 and 12 more were" */
export function rowList({ first, count }: RowSample): string {
  if (count === 1) return `Row ${first[0]} was`
  const shown = first.map(String)
  const more = count - shown.length
  const list =
    more > 0
      ? `${shown.join(', ')} and ${more.toLocaleString('en-US')} more`
      : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`
  return `Rows ${list} were`
}

/** The reason an import of this status cannot be rolled back now, or null when it can. */
export function rollbackRefusal(view: { status: string; canRollBack: boolean }): string | null {
  if (view.canRollBack) return null
  return ROLLBACK_TEXTS.notCommitted(view.status)
}

/** What a header-only file is told, on its page and in History: it has nothing to import. */
export const NO_ROWS =
  'The file has a header row and no rows under it: add the rows in your spreadsheet and upload it again.'

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`

/**
 * What came of an upload, as History says it after "By …" (issue 46): a dry run says what it
 * would do, a committed one what it did, a rolled-back one what was undone, a failed one why.
 */
export function importOutcome(view: {
  status: ImportStatus
  counts: ImportCounts
  error: { type: string; message: string } | null
  progress: { rowsParsed: number }
}): string {
  const { counts } = view
  switch (view.status) {
    case 'needs_mapping':
      return 'Columns to map before the dry run'
    case 'parsing':
      return `Reading the file: ${plural(view.progress.rowsParsed, 'row')} read`
    case 'previewed':
      if (counts.rows === 0) return 'No rows: the file has only its header row'
      return `Dry run, not committed: would create ${counts.create}, update ${counts.update}; ${plural(counts.errors, 'error')}`
    case 'committing':
      return 'Writing the listings'
    case 'committed':
      return `${counts.created} created, ${counts.updated} updated, ${counts.failed} failed`
    case 'rolled_back':
      return `Rolled back: ${counts.created} created and ${counts.updated} updated were undone`
    case 'failed':
      if (view.error?.type === 'interrupted') return 'Interrupted: upload the file again'
      if (view.error?.type === 'cancelled') return 'Cancelled while it was read'
      return view.error ? `Failed: ${view.error.message}` : 'Failed'
  }
}

/** Uploads never committed, which may be discarded from History. */
const DISCARDABLE = ['previewed', 'needs_mapping', 'failed']

export function isDiscardable(status: string): boolean {
  return DISCARDABLE.includes(status)
}

export const DISCARD_TEXTS = {
  discarded: (filename: string) => `The upload of ${filename} has been discarded.`,
  notDiscardable: (status: string) =>
    status === 'committed'
      ? 'This upload was committed: roll it back instead.'
      : `Only an upload that was not committed can be discarded; this one is ${status.replace('_', ' ')}.`,
}
