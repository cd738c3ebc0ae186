// The photos of a listing from its media map (shot name → media item, catalogue.md §3 Media item),
// in the order the catalogue shows them: by position, 0 counting as last (§4 "Media association").
// Pure: which file each photo is; the service signs the addresses (app/features/media/listing-media.server.ts).

export interface OrderedMedia {
  key: string
  name: string
  position: number
  /** A file of the brand's blob store, or an address outside it (http or a path of this site). */
  source: { blob: string } | { url: string }
}

const OUTSIDE_ADDRESS = /^(https?:\/\/|\/(?!\/))/

export function orderedMedia(media: Record<string, unknown> | null | undefined): OrderedMedia[] {
  const found: OrderedMedia[] = []
  for (const [shot, value] of Object.entries(media ?? {})) {
    if (!value || typeof value !== 'object') continue
    const item = value as Record<string, unknown>
    const source = sourceOf(item)
    // Without a file the item is still uploading or failed: nothing to show yet.
    if (!source) continue
    found.push({
      key: typeof item.key === 'string' ? item.key : shot,
      name: typeof item.name === 'string' ? item.name : shot,
      position: typeof item.position === 'number' && Number.isFinite(item.position) ? item.position : 0,
      source,
    })
  }
  const rank = (position: number) => (position <= 0 ? Number.POSITIVE_INFINITY : position)
  return found.sort((a, b) => rank(a.position) - rank(b.position) || a.name.localeCompare(b.name))
}

function sourceOf(item: Record<string, unknown>): OrderedMedia['source'] | null {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
  const assets = item.assets as { image?: { path?: unknown } } | undefined
  const stored = text(assets?.image?.path) ?? text(item.path)
  // A stored file is a blob key (no scheme, no leading slash, no way up).
  if (stored && !stored.includes(':') && !stored.startsWith('/') && !stored.split('/').includes('..')) {
    return { blob: stored }
  }
  const address = [item.src, item.assetUrl, item.url, stored]
    .map(text)
    .find((value) => value && OUTSIDE_ADDRESS.test(value))
  return address ? { url: address } : null
}
