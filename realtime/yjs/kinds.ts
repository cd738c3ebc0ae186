// The kinds of Yjs documents. Each kind names the record whose grants decide access to it, the
// ability that lets a member open it and the one that lets a member change it, and how it is
// loaded and stored (through a service). A document kind not listed here cannot be opened.
import type { Ability } from '#app/platform/access/abilities'
import type { Target } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { appendDocumentUpdate, compactDocument, loadDocumentUpdates } from '#app/platform/yjs-documents.server'
import type { YjsDocName } from '../protocol'
import { mediaOrderShape, sampleMarkupShape, scratchShape, type DocShape } from './doc-shapes'

export interface YjsDocKind {
  /** The record access is decided on. */
  target(name: YjsDocName): Target
  read: Ability
  write: Ability
  /** What a client may write where (./doc-shapes.ts); an update that does not fit is refused. */
  shape: DocShape
  /** The stored updates, in Yjs's update format 2 (decision 140). */
  load(deps: ServiceDeps, docName: string): Promise<Uint8Array[]>
  /** Stores an update in format 2. */
  store(deps: ServiceDeps, docName: string, name: YjsDocName, update: Uint8Array): Promise<void>
  /** Runs when the last client of this process has left. */
  compact(deps: ServiceDeps, docName: string, name: YjsDocName): Promise<void>
}

/** Documents stored as Yjs updates of their own (the yjs_updates table). */
const storedUpdates = {
  load: (deps: ServiceDeps, docName: string) => loadDocumentUpdates(deps, docName),
  store: (deps: ServiceDeps, docName: string, name: YjsDocName, update: Uint8Array) =>
    appendDocumentUpdate(deps, docName, name.brandKey, update),
  compact: (deps: ServiceDeps, docName: string, name: YjsDocName) => compactDocument(deps, docName, name.brandKey),
}

const onBrand = (name: YjsDocName): Target => ({ model: 'Brand', key: name.brandKey })

const kinds = new Map<string, YjsDocKind>()

export function registerDocKind(purpose: string, kind: YjsDocKind): void {
  kinds.set(purpose, kind)
}

export function docKind(purpose: string): YjsDocKind | undefined {
  return kinds.get(purpose)
}

/** Every registered purpose (the access tests walk them all). */
export function docKindPurposes(): string[] {
  return [...kinds.keys()]
}

/** The order of a brand's listing media (catalogue). */
registerDocKind('media-order', {
  target: onBrand,
  read: 'brand.view',
  write: 'media.arrange',
  shape: mediaOrderShape,
  ...storedUpdates,
})
/**
 * The markup of one virtual sample (`sample-markup:{brand}:{sample}`): decided on the sample
 * itself, so a grant on its style, collection or line counts; members look, reviewers draw.
 */
registerDocKind('sample-markup', {
  target: (name) => ({ model: 'Reference', key: name.id ?? '' }),
  read: 'listing.view',
  write: 'sample.review',
  shape: sampleMarkupShape,
  ...storedUpdates,
})
/** A shared board of the brand, for notes; the tests use it as a plain document. */
registerDocKind('scratch', {
  target: onBrand,
  read: 'brand.view',
  write: 'brand.edit',
  shape: scratchShape,
  ...storedUpdates,
})
