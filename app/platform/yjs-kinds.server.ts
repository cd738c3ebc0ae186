// The kinds of Yjs documents. Each feature declares its documents (the record whose grants decide
// access, the ability to open and the one to change, the shape of the content, how it is stored)
// and the composition root registers them here. A document kind not registered cannot be opened.
import type { YjsDocName } from '#app/platform/protocol'
import type { Ability } from './access/abilities'
import type { Target } from './access/access.server'
import type { ServiceDeps } from './context.server'
import type { DocShape, UpdateLimits } from './yjs-shapes'
import { appendDocumentUpdate, compactDocument, loadDocumentUpdates } from './yjs-documents.server'

export interface YjsDocKind {
  /** The first part of the document's name: `{purpose}:{brand}[:{id}]`. */
  purpose: string
  /** The record access is decided on. */
  target(name: YjsDocName): Target
  read: Ability
  write: Ability
  /**
   * Whether the document is read-only for everyone now, whatever their grant (a sample locked as
   * Final). Asked as a connection opens, after its access; when this changes, the feature closes
   * the document's connections (EventPublisher.closeDocument) so they open again and ask afresh.
   */
  readOnly?(deps: ServiceDeps, name: YjsDocName): Promise<boolean>
  /** What a client may write where (app/platform/yjs-shapes.ts); an update that does not fit is refused. */
  shape: DocShape
  /** How large one client update may be; unset limits take DEFAULT_UPDATE_LIMITS (app/platform/yjs-shapes.ts). */
  limits?: Partial<UpdateLimits>
  /** The stored updates, in Yjs's update format 2 (decision 140). */
  load(deps: ServiceDeps, docName: string): Promise<Uint8Array[]>
  /** Stores an update in format 2. */
  store(deps: ServiceDeps, docName: string, name: YjsDocName, update: Uint8Array): Promise<void>
  /** Runs when the last client of this process has left. */
  compact(deps: ServiceDeps, docName: string, name: YjsDocName): Promise<void>
}

/** Documents stored as Yjs updates of their own (the yjs_updates table). */
export const storedUpdates = {
  load: (deps: ServiceDeps, docName: string) => loadDocumentUpdates(deps, docName),
  store: (deps: ServiceDeps, docName: string, name: YjsDocName, update: Uint8Array) =>
    appendDocumentUpdate(deps, docName, name.brandKey, update),
  compact: (deps: ServiceDeps, docName: string, name: YjsDocName) => compactDocument(deps, docName, name.brandKey),
}

export const onBrand = (name: YjsDocName): Target => ({ model: 'Brand', key: name.brandKey })

const kinds = new Map<string, YjsDocKind>()

export function registerDocKind(kind: YjsDocKind): void {
  kinds.set(kind.purpose, kind)
}

export function docKind(purpose: string): YjsDocKind | undefined {
  return kinds.get(purpose)
}

/** Every registered purpose (the access tests walk them all). */
export function docKindPurposes(): string[] {
  return [...kinds.keys()]
}
