// The info accordion of the listing page (catalogue.md §2): <details>, so it opens and closes
// without JavaScript. Shows only what the listing holds.
import type { ReactNode } from 'react'

interface InfoListing {
  style_number: string
  color: { name?: string; code?: string; hexCode?: string; pantone?: string }
  size: { name?: string; variant?: string }
  size_description: string | null
  department: string | null
  units: number | null
  status: string
  materials: string | null
  description: string | null
  wholesale_prices: { number: number; currency: string }[]
}

export function Accordion({ title, children, open = false }: { title: string; children: ReactNode; open?: boolean }) {
  return (
    <details open={open} className="group rounded-lg border border-line bg-white">
      <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-medium [&::-webkit-details-marker]:hidden">
        {title}
        <span aria-hidden="true" className="text-muted transition-transform group-open:rotate-45">
          +
        </span>
      </summary>
      <div className="border-t border-line px-4 py-3 text-sm">{children}</div>
    </details>
  )
}

export function InfoRows({ rows }: { rows: [string, ReactNode][] }) {
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== '')
  if (shown.length === 0) return <p className="text-muted">No details yet.</p>
  return (
    <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2">
      {shown.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

export function ColourSwatch({ color }: { color: InfoListing['color'] }) {
  if (!color.name && !color.code) return null
  return (
    <span className="inline-flex items-center gap-2">
      {color.hexCode ? (
        <span className="inline-block h-4 w-4 rounded-full border border-line" style={{ background: color.hexCode }} />
      ) : null}
      {[color.name, color.code].filter(Boolean).join(' · ')}
    </span>
  )
}

export function ListingInfo({ listing }: { listing: InfoListing }) {
  const prices = listing.wholesale_prices.map((price) => `${price.number.toFixed(2)} ${price.currency}`).join(', ')
  return (
    <div className="flex flex-col gap-3" data-testid="listing-info">
      <Accordion title="Info" open>
        <InfoRows
          rows={[
            ['Style No.', listing.style_number],
            [
              'Colour',
              listing.color.name || listing.color.code ? <ColourSwatch key="colour" color={listing.color} /> : null,
            ],
            ['Pantone', listing.color.pantone],
            ['Size', [listing.size.name, listing.size.variant].filter(Boolean).join(' · ')],
            ['Sizing', listing.size_description],
            ['Department', listing.department],
            ['Units', listing.units === null ? null : String(listing.units)],
            ['Status', listing.status],
            ['Wholesale', prices],
          ]}
        />
      </Accordion>
      <Accordion title="Materials & Description">
        <InfoRows
          rows={[
            ['Materials', listing.materials],
            ['Description', listing.description],
          ]}
        />
      </Accordion>
    </div>
  )
}
