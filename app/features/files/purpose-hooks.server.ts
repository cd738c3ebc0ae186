// What a purpose's feature does at the two moments the upload pipeline hands over: when an upload
// that carries a reservation starts (a product photo the batch preflight reserved), and when its
// file has its final status (a photo takes its place on its listing; a sample's file tells the
// style's room). Registered at start beside the purpose (registerFilePurpose), so files name none
// of those features.
import type { Database } from '#db/client'
import type { ServiceDeps } from '#app/platform/context.server'
import type { Actor } from '#app/platform/access/actor'
import type { FilePurposeName } from './file-purposes'
import type { FileRow } from './file-work.server'

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

/** Runs in the transaction that records the upload; it throws to refuse the reservation. */
export type ReservationLink = (
  tx: Tx,
  actor: Actor,
  reservation: unknown,
  brandKey: string,
  fileKey: string,
) => Promise<void>

/** Runs once the file is available or refused, before its status is published. */
export interface SettledHook {
  run: (deps: ServiceDeps, file: FileRow) => Promise<void>
  /** What the error report says when it fails (the file's status stands either way). */
  failure: string
}

const reservationLinks = new Map<FilePurposeName, ReservationLink>()
const settledHooks = new Map<FilePurposeName, SettledHook>()

export function whenUploadReserved(purpose: FilePurposeName, link: ReservationLink): void {
  reservationLinks.set(purpose, link)
}

export function reservationLinkOf(purpose: FilePurposeName): ReservationLink | undefined {
  return reservationLinks.get(purpose)
}

export function whenFileSettled(purpose: FilePurposeName, hook: SettledHook): void {
  settledHooks.set(purpose, hook)
}

export function settledHookOf(purpose: FilePurposeName): SettledHook | undefined {
  return settledHooks.get(purpose)
}
