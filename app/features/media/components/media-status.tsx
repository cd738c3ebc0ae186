// The status badge of a product photo (upload list and media table) and where it went: its
// listing (style name and SKU) or the pool with the reason its name matched no listing.
import { Badge, type BadgeTone } from '#app/ui/misc'
import type { UploadItemStatus } from '#app/features/media/media-upload-texts'

const TONES: Record<UploadItemStatus, BadgeTone> = {
  waiting: 'muted',
  uploading: 'info',
  'being scanned': 'warning',
  available: 'success',
  refused: 'danger',
}

export function MediaStatusBadge({ status }: { status: UploadItemStatus }) {
  return (
    <span data-testid="media-status">
      <Badge tone={TONES[status]}>{status}</Badge>
    </span>
  )
}

export function MediaPlace({
  listing,
  unmatched,
  refused = false,
}: {
  listing: { styleName: string; sku: string | null } | null
  unmatched: string | null
  /** Refused by the scan: it goes nowhere, whatever its name matched. */
  refused?: boolean
}) {
  if (refused) {
    return (
      <span className="text-sm" data-testid="media-place">
        <span className="font-medium">Not placed</span>
        <span className="block text-xs text-muted">Refused by the security scan.</span>
      </span>
    )
  }
  if (listing) {
    return (
      <span className="text-sm" data-testid="media-place">
        <span className="font-medium">{listing.styleName}</span>
        {listing.sku ? <span className="text-muted"> · {listing.sku}</span> : null}
      </span>
    )
  }
  return (
    <span className="text-sm" data-testid="media-place">
      <span className="font-medium">Pool</span>
      {unmatched ? <span className="block text-xs text-muted">{unmatched}</span> : null}
    </span>
  )
}
