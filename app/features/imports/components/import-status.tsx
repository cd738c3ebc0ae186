// How an import's state and a row's planned action look (badges of the UI kit).
import { Badge, type BadgeTone } from '#app/ui/misc'
import type { ImportRowView, ImportStatus } from '../views'

const STATUS: Record<ImportStatus, { label: string; tone: BadgeTone }> = {
  needs_mapping: { label: 'Needs column mapping', tone: 'warning' },
  parsing: { label: 'Reading', tone: 'info' },
  previewed: { label: 'Dry run', tone: 'info' },
  committing: { label: 'Committing', tone: 'info' },
  committed: { label: 'Committed', tone: 'success' },
  failed: { label: 'Failed', tone: 'warning' },
  rolled_back: { label: 'Rolled back', tone: 'muted' },
}

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  const { label, tone } = STATUS[status]
  return <Badge tone={tone}>{label}</Badge>
}

const ACTION: Record<ImportRowView['action'], { label: string; tone: BadgeTone }> = {
  create: { label: 'Create', tone: 'success' },
  update: { label: 'Update', tone: 'info' },
  unchanged: { label: 'Unchanged', tone: 'muted' },
  error: { label: 'Error', tone: 'warning' },
}

export function RowActionBadge({ action }: { action: ImportRowView['action'] }) {
  const { label, tone } = ACTION[action]
  return <Badge tone={tone}>{label}</Badge>
}

const ROW_STATUS: Record<ImportRowView['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'neutral' },
  completed: { label: 'Completed', tone: 'success' },
  failed: { label: 'Failed', tone: 'warning' },
}

export function RowStatusBadge({ status }: { status: ImportRowView['status'] }) {
  const { label, tone } = ROW_STATUS[status]
  return <Badge tone={tone}>{label}</Badge>
}
