// A row's issues as the dry run lists them (docs/decisions/177): the empty optional fields of a
// row told in one warning ("Optional fields empty: Waist, Chest, Hips") instead of one line each,
// which drowned the error that matters; each field's own text (the spec's) stays on hover.
import { IMPORT_MESSAGES } from './messages'
import type { RowIssue } from './views'

export type ShownIssue = RowIssue & {
  /** The issues this one stands for, in the spec's words, shown on hover. */
  hover?: string
}

function isOptionalEmpty(issue: RowIssue): boolean {
  return issue.level === 'warning' && issue.message === IMPORT_MESSAGES.optionalEmpty(issue.field)
}

export function groupedIssues(issues: readonly RowIssue[]): ShownIssue[] {
  const empty = issues.filter(isOptionalEmpty)
  if (empty.length < 2) return [...issues]
  const group: ShownIssue = {
    field: '',
    level: 'warning',
    message: IMPORT_MESSAGES.optionalEmptyGroup(empty.map((issue) => issue.field)),
    hover: empty.map((issue) => issue.message).join('\n'),
  }
  return [...issues.filter((issue) => !isOptionalEmpty(issue)), group]
}
