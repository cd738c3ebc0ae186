// The file pipeline (docs/decisions/090–094): every upload of the portal, resumable (tus) or a
// plain form, goes through the same steps: the purpose's ability before any byte, then the checks
// (type by content, size and pixels, the scanner), then the blob store with a thumbnail and a web
// size, or quarantine. Split along its steps; this file is what callers import.
export * from './file-attachments.server'
export * from './file-checks.server'
export * from './file-uploads.server'
export * from './file-work.server'
export * from './form-uploads.server'
export * from './file-leases.server'
