// What import.tsx and its server side both use.
import { type RowFilter } from '#app/features/imports/imports.server'

export const FILTERS: { id: RowFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'errors', label: 'Errors' },
  { id: 'create', label: 'Create' },
  { id: 'update', label: 'Update' },
]

export const PAGE = 50
