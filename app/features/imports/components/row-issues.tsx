// A row's issues as a person reads them: errors and warnings told apart by a word and a colour, the
// spec's message with the exact reason after it ("1.23457E+11 is in scientific notation…"), and the
// cell's value as the file had it. Used by the dry run's grid and the row editor.
import { groupedIssues } from '../issue-groups'
import type { RowIssue } from '../views'

const LEVEL = {
  error: { label: 'Error', tone: 'border-red-600 bg-red-50 text-red-900' },
  warning: { label: 'Warning', tone: 'border-amber-500 bg-amber-50 text-amber-900' },
} as const

/** The reason told after the spec's message, when the check gave one. */
export function issueText(issue: RowIssue): string {
  return issue.detail ? `${issue.message} ${issue.detail}` : issue.message
}

export function RowIssues({
  issues,
  values,
  showField = true,
}: {
  issues: readonly RowIssue[]
  /** The row's cells by field, to quote the one at fault. */
  values?: Record<string, string>
  showField?: boolean
}) {
  if (issues.length === 0) return null
  // What stops the row first; the warnings after it, a row's empty optional fields in one line.
  const shown = groupedIssues(issues)
  const ordered = [
    ...shown.filter((issue) => issue.level === 'error'),
    ...shown.filter((issue) => issue.level !== 'error'),
  ]
  return (
    <ul className="flex flex-col gap-1" data-testid="row-issues">
      {ordered.map((issue, index) => {
        const level = LEVEL[issue.level]
        const cell = values?.[issue.field]
        return (
          <li
            key={`${issue.field}:${index}`}
            data-level={issue.level}
            title={issue.hover}
            className={`rounded-sm border-l-2 px-2 py-1 text-xs leading-relaxed ${level.tone}`}
          >
            <span className="font-semibold">{level.label}</span>
            {showField && issue.field ? (
              <>
                {' · '}
                <span className="font-medium">{issue.field}</span>
                {cell ? <span className="break-all font-mono"> “{cell}”</span> : null}
              </>
            ) : null}
            {' — '}
            {issueText(issue)}
          </li>
        )
      })}
    </ul>
  )
}
