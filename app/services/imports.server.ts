// Spreadsheet import of listings (catalogue.md §2 Product upload, §4 Spreadsheet upload, §5
// Spreadsheet): upload, streamed parse and validation into a staging table, dry run, commit in
// one transaction, row fixes, history, roll back. Every function takes the actor first and checks
// access here: `listing.view` to read an import, `listing.edit` to start, fix, commit or roll back.
import type { Readable } from 'node:stream'
import { AppError } from '#app/lib/errors'
import type { Actor } from './accounts.server'
import type { ServiceDeps } from './context.server'

export { IMPORT_FIELDS } from '#app/lib/import/fields'

export type ImportScope = { brandKey: string; lineKey?: string; collectionKey?: string }
export type RowIssue = { field: string; message: string; level: 'error' | 'warning'; detail?: string }
export type FieldChange = { field: string; from: string | null; to: string | null }
export type ImportRowView = {
  /** 1-based data row (the header is row 0). */
  rowNumber: number
  listingUniqueId: string
  action: 'create' | 'update' | 'unchanged' | 'error'
  /** By field name of catalogue.md §3 (the template's headers). */
  values: Record<string, string>
  issues: RowIssue[]
  /** For updates: old -> new. */
  changes: FieldChange[]
  status: 'pending' | 'completed' | 'failed'
}
export type ImportStatus =
  'needs_mapping' | 'parsing' | 'previewed' | 'committing' | 'committed' | 'failed' | 'rolled_back'
export type ImportCounts = {
  rows: number
  create: number
  update: number
  unchanged: number
  errors: number
  warnings: number
  created: number
  updated: number
  failed: number
}
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
}
export type ResultListing = { key: string; listingUniqueId: string; name: string; rowNumber: number }
export type RowFilter = 'all' | 'errors' | 'create' | 'update' | 'unchanged'

export interface StartImportInput {
  filename: string
  addition: boolean
  body: AsyncIterable<Uint8Array> | NodeJS.ReadableStream
  mapping?: Record<string, string | null>
}

const notBuilt = () => new AppError('UnexpectedError', 'Spreadsheet import is not built yet.')

export async function startImport(
  _deps: ServiceDeps,
  _actor: Actor,
  _scope: ImportScope,
  _input: StartImportInput,
): Promise<ImportView> {
  throw notBuilt()
}

export async function getImport(_deps: ServiceDeps, _actor: Actor, _importKey: string): Promise<ImportView> {
  throw notBuilt()
}

export async function listImportRows(
  _deps: ServiceDeps,
  _actor: Actor,
  _importKey: string,
  _options: { only?: RowFilter; cursor?: number; limit?: number } = {},
): Promise<{ rows: ImportRowView[]; cursor: number; more: boolean; total: number }> {
  throw notBuilt()
}

export async function getImportRow(
  _deps: ServiceDeps,
  _actor: Actor,
  _importKey: string,
  _rowNumber: number,
): Promise<ImportRowView> {
  throw notBuilt()
}

export async function updateImportRow(
  _deps: ServiceDeps,
  _actor: Actor,
  _importKey: string,
  _rowNumber: number,
  _values: Record<string, string>,
): Promise<ImportRowView> {
  throw notBuilt()
}

export async function setImportMapping(
  _deps: ServiceDeps,
  _actor: Actor,
  _importKey: string,
  _mapping: Record<string, string | null>,
): Promise<ImportView> {
  throw notBuilt()
}

export async function commitImport(_deps: ServiceDeps, _actor: Actor, _importKey: string): Promise<ImportView> {
  throw notBuilt()
}

export async function importResult(
  _deps: ServiceDeps,
  _actor: Actor,
  _importKey: string,
): Promise<{ created: ResultListing[]; updated: ResultListing[] }> {
  throw notBuilt()
}

export async function rollbackImport(_deps: ServiceDeps, _actor: Actor, _importKey: string): Promise<ImportView> {
  throw notBuilt()
}

export async function listImports(
  _deps: ServiceDeps,
  _actor: Actor,
  _brandKey: string,
  _options: { cursor?: number; limit?: number } = {},
): Promise<{ data: ImportView[]; cursor: number; more: boolean }> {
  throw notBuilt()
}

export async function originalFile(
  _deps: ServiceDeps,
  _actor: Actor,
  _importKey: string,
): Promise<{ filename: string; contentType: 'text/csv'; body: Readable }> {
  throw notBuilt()
}

export async function failedRowsCsv(
  _deps: ServiceDeps,
  _actor: Actor,
  _importKey: string,
): Promise<{ filename: string; body: Readable }> {
  throw notBuilt()
}
