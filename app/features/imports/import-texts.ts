// What the product upload screens add to the import's texts (app/features/imports/messages.ts): the
// support mailbox, the check the browser makes before a file is sent (the server reads the bytes
// and decides), the stepper's steps, and where Done leads.

import { IMPORT_MESSAGES } from './messages'
import { CLIENT_SERVICES_EMAIL } from '#app/platform/client-services'

/** The spec's texts (one list for the service and the pages). */
export const IMPORT_TEXTS = IMPORT_MESSAGES

/** The mailbox the spec's support texts name (docs/decisions/085). */
export { CLIENT_SERVICES_EMAIL }

/** The persistent toast after an upload or commit that left rows with errors (§8). */
export const reviewUploadMessage = (email = CLIENT_SERVICES_EMAIL) => IMPORT_MESSAGES.reviewErrors(email)

export const recordsParsed = IMPORT_MESSAGES.recordsParsed

const CSV_TYPES = ['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel']

/**
 * Whether a chosen file looks like CSV to the browser: a `.csv` name, with a type that is empty or
 * one browsers give CSV files (Windows reports Excel's type for them). The server reads the bytes.
 */
export function looksLikeCsv(file: { name: string; type: string }): boolean {
  if (!/\.csv$/i.test(file.name.trim())) return false
  return file.type === '' || CSV_TYPES.includes(file.type.toLowerCase())
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
  notNewest: 'A later import of this brand changed listings after this one: roll that one back first.',
  noLonger: 'This import is no longer committed.',
}

/** The reason an import of this status cannot be rolled back now, or null when it can. */
export function rollbackRefusal(view: { status: string; canRollBack: boolean }): string | null {
  if (view.canRollBack) return null
  return view.status === 'committed' ? ROLLBACK_TEXTS.notNewest : ROLLBACK_TEXTS.notCommitted(view.status)
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
