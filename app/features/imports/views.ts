// The shapes this feature's pages and components show, shared by its services and its
// components (which take no types from server modules).
import type { EMPTY_IMPORT_COUNTS } from '#db/schema'

export type ImportScope = { brandKey: string; lineKey?: string; collectionKey?: string }

export type RowIssue = { field: string; message: string; level: 'error' | 'warning'; detail?: string }

export type FieldChange = { field: string; from: string | null; to: string | null }

export type ImportRowView = {
  /** The row as the uploaded sheet numbers it: the header is row 1 when it is the first line. */
  rowNumber: number
  listingUniqueId: string
  action: 'create' | 'update' | 'unchanged' | 'error'
  /** By field name of catalogue.md §3 (the template's headers). */
  values: Record<string, string>
  /** The row as the file had it, one cell per header (ignored columns too): for the raw grid only. */
  cells?: string[]
  issues: RowIssue[]
  /** For updates: old -> new. */
  changes: FieldChange[]
  status: 'pending' | 'completed' | 'failed'
  /** The listing it updates, or (after the commit) created. */
  listingKey: string | null
}

export type ImportStatus =
  'needs_mapping' | 'parsing' | 'previewed' | 'committing' | 'committed' | 'failed' | 'rolled_back'

export type ImportCounts = typeof EMPTY_IMPORT_COUNTS

export type ImportView = {
  key: string
  brandKey: string
  scope: ImportScope
  filename: string
  status: ImportStatus
  addition: boolean
  /** ISO time. */
  createdAt: string
  uploadedBy: { key: string; name: string }
  counts: ImportCounts
  /** The file's headers as written. */
  headers: string[]
  /** File header -> field (null = ignored). */
  mapping: Record<string, string | null>
  /** Non-empty when status is needs_mapping. */
  unmatchedHeaders: string[]
  /** Whole-file failure, spec §8 wording. */
  error: { type: string; message: string } | null
  canRollBack: boolean
  /** Rows read and written so far (live progress). */
  progress: { rowsParsed: number; rowsWritten: number }
  /** The file's size in bytes. */
  size: number
  /** For a workbook: the sheet read and its visible sheets, to read another (null for a CSV). */
  workbook: { sheet: string; sheets: string[] } | null
}

export type ResultListing = { key: string; listingUniqueId: string; name: string; rowNumber: number }

export type RowFilter = 'all' | 'errors' | 'create' | 'update' | 'unchanged'
