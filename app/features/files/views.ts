// The shapes this feature's pages and components show, shared by its services and its
// components (which take no types from server modules).

/** What a message shows of its attachment (atelier.md §3 Message), with signed addresses. */
export interface AttachmentFields {
  attachment_type: string
  attachment_name: string
  assetMetadata: { size: number }
  assetUrl: string
  assets: { original: string; thumbnail: string | null; web: string | null }
}
