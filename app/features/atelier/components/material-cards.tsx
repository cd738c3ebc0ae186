// Swatches, the cards of the material types and a type's list of materials.
import {
  emptyTypeText,
  materialTitle,
  noAdditionalLabel,
  type MaterialColorValue,
  type MaterialTypeKey,
} from '#app/features/atelier/materials'
import type { MaterialCard, MaterialView } from '../views'
import { NO_SWATCH_KNOWN, swatchOf } from '#app/features/atelier/pantone'
import { useCsrfToken } from '#app/platform/csrf'
import { ButtonLink } from '#app/ui/button'
import { CsrfField, EmptyState } from '#app/ui/misc'
import { Form, Link } from '@remix-run/react'

export type Serialized<T> = T extends (infer U)[]
  ? Serialized<U>[]
  : T extends object
    ? { [K in keyof T]: Serialized<T[K]> }
    : T

/** A colour chip; a dashed empty chip says no colour is known. */
export function Swatch({ hex, label, size = 'md' }: { hex: string | null; label: string; size?: 'sm' | 'md' }) {
  const box = size === 'sm' ? 'h-5 w-5' : 'h-9 w-9'
  if (!hex) {
    return (
      <span
        role="img"
        aria-label={`${label}: ${NO_SWATCH_KNOWN}`}
        title={NO_SWATCH_KNOWN}
        className={`${box} inline-block shrink-0 rounded-md border border-dashed border-line bg-[repeating-linear-gradient(45deg,#f4f4f5,#f4f4f5_4px,#fff_4px,#fff_8px)]`}
      />
    )
  }
  return (
    <span
      role="img"
      aria-label={`${label}: ${hex}`}
      title={hex}
      data-swatch={hex}
      style={{ backgroundColor: hex }}
      className={`${box} inline-block shrink-0 rounded-md border border-black/10 shadow-inner`}
    />
  )
}

export function MaterialCards({
  base,
  cards,
  mayChange,
}: {
  base: string
  cards: Serialized<MaterialCard>[]
  mayChange: boolean
}) {
  const csrf = useCsrfToken()
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Material types">
      {cards.map((card) => {
        const title = materialTitle(card.type)
        return (
          <li
            key={card.type}
            className="flex flex-col rounded-lg border border-line bg-white"
            data-testid={`card-${card.type}`}
          >
            <div className="flex aspect-[4/3] gap-1 overflow-hidden rounded-t-lg bg-canvas p-1">
              {card.previews.length ? (
                card.previews.map((src) => (
                  <img key={src} src={src} alt="" className="h-full min-w-0 flex-1 rounded object-cover" />
                ))
              ) : (
                <span className="flex flex-1 items-center justify-center text-sm text-muted">
                  {emptyTypeText(card.type)}
                </span>
              )}
            </div>
            <div className="flex flex-1 flex-col gap-3 p-4">
              <div className="flex items-baseline justify-between gap-2">
                <h3 className="text-base font-semibold">{title}</h3>
                <span className="text-sm text-muted">{card.count}</span>
              </div>
              <div className="flex flex-wrap gap-2">
                <ButtonLink variant="secondary" to={`${base}/${card.type}/summary`}>
                  View
                </ButtonLink>
                {mayChange ? (
                  <ButtonLink to={`${base}/${card.type}/upload`} preventScrollReset>
                    Add {title}
                  </ButtonLink>
                ) : null}
              </div>
              {mayChange ? (
                <Form method="post" action={`${base}?index`} className="mt-auto" preventScrollReset>
                  <CsrfField token={csrf} />
                  <input type="hidden" name="type" value={card.type} />
                  <input type="hidden" name="checked" value={card.checked ? 'false' : 'true'} />
                  <button
                    type="submit"
                    role="switch"
                    aria-checked={card.checked}
                    className="flex w-full items-center gap-2 rounded-md px-1 py-1 text-left text-sm hover:bg-black/5"
                  >
                    <span
                      aria-hidden="true"
                      className={`flex h-5 w-5 shrink-0 items-center justify-center rounded border ${
                        card.checked ? 'border-ink bg-ink text-white' : 'border-line bg-white'
                      }`}
                    >
                      {card.checked ? '✓' : ''}
                    </span>
                    {noAdditionalLabel(card.type)}
                  </button>
                </Form>
              ) : card.checked ? (
                <p className="mt-auto text-sm text-muted">✓ {noAdditionalLabel(card.type)}</p>
              ) : null}
            </div>
          </li>
        )
      })}
    </ul>
  )
}

function ColorChips({ colors }: { colors: Serialized<MaterialColorValue>[] }) {
  return (
    <div className="flex flex-wrap gap-3">
      {colors.map((color) => (
        <div key={color.name} className="flex items-center gap-2 text-xs">
          <Swatch hex={swatchOf(color)} label={`${color.name} colour`} size="sm" />
          <span>
            <span className="font-medium capitalize">{color.name}</span>
            {color.code ? ` · ${color.code}` : ''}
            {color.hexcode ? ` · ${color.hexcode}` : ''}
            {color.pantone ? ` · ${color.pantone}` : ''}
          </span>
        </div>
      ))}
    </div>
  )
}

export function MaterialList({
  base,
  type,
  materials,
  mayChange,
}: {
  base: string
  type: MaterialTypeKey
  materials: Serialized<MaterialView>[]
  mayChange: boolean
}) {
  if (materials.length === 0) {
    return (
      <EmptyState title={emptyTypeText(type)}>
        {mayChange ? `Add a ${type} with its colours and pictures.` : null}
      </EmptyState>
    )
  }
  return (
    <ul className="flex flex-col gap-3" aria-label={`${materialTitle(type)} list`}>
      {materials.map((material) => {
        const picture = material.assets.front ?? material.assets.back
        return (
          <li key={material.key} className="flex gap-4 rounded-lg border border-line bg-white p-3">
            <div className="aspect-[3/4] w-24 shrink-0 overflow-hidden rounded-md bg-canvas">
              {picture ? (
                <img
                  src={picture.urls.thumbnail ?? picture.urls.original}
                  alt={picture.name}
                  className="h-full w-full object-cover"
                />
              ) : null}
            </div>
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <div className="flex items-start justify-between gap-2">
                <h3 className="truncate font-semibold">{material.name}</h3>
                {mayChange ? (
                  <Link to={`${base}/${type}/edit?key=${material.key}`} className="text-sm underline">
                    Edit<span className="sr-only"> {material.name}</span>
                  </Link>
                ) : null}
              </div>
              <p className="text-sm text-muted">{[material.use, material.colorway].filter(Boolean).join(' · ')}</p>
              {material.notes ? <p className="line-clamp-2 text-sm">{material.notes}</p> : null}
              <ColorChips colors={material.colors} />
            </div>
          </li>
        )
      })}
    </ul>
  )
}
