// `/brand/{id}/products/listing/{key}`: the listing detail page (catalogue.md §2): gallery,
// breadcrumbs, Look n / total, heading with its Edit/Delete menu for owners and editors, the info
// accordion; `?edit=true` turns the side panel into the edit form. Not inside the products list's
// layout (the `products_` prefix); its dialogs (View Larger, Delete) are child routes.
import { CatalogueBreadcrumbs } from '#app/features/catalogue/components/breadcrumbs'
import { Gallery, galleryImages, imageIndex } from '#app/features/catalogue/components/gallery'
import { ListingInfo } from '#app/features/catalogue/components/listing-info'
import { ListingFormSchema } from '#app/features/catalogue/listing-schemas'
import { useCsrfToken } from '#app/platform/csrf'
import { parseForm } from '#app/platform/forms'
import { Button, buttonClass, ButtonLink } from '#app/ui/button'
import { ErrorList, Field } from '#app/ui/field'
import type { FrameHandle } from '#app/ui/frame-handle'
import { ChevronIcon } from '#app/ui/icons'
import { Badge, CsrfField, Menu } from '#app/ui/misc'
import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata } from '@conform-to/react'
import { type MetaFunction } from '@remix-run/node'
import {
  Form,
  Link,
  Outlet,
  useActionData,
  useLoaderData,
  useLocation,
  type ShouldRevalidateFunction,
} from '@remix-run/react'
import type { ComponentProps } from 'react'
import type { action, loader } from './listing.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.detail.listing.style_name ?? 'Product'} · Brand Portal` },
]

export const handle: FrameHandle = {
  title: 'Products',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/products`,
}

/** After the Delete dialog removed the listing there is nothing to load again: the page leaves. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { deleted?: boolean } | undefined)?.deleted ? false : defaultShouldRevalidate

export default function ListingPage() {
  const { detail, editing } = useLoaderData<typeof loader>()
  const location = useLocation()
  const { listing, brand, style, look } = detail
  const base = `/brand/${brand.key}/products/listing/${listing.key}`
  const images = galleryImages(detail.images)
  const index = imageIndex(location.search, images.length)
  const imageQuery = (n: number) => `image=${n}`
  const hrefFor = (n: number) => `${base}?${editing ? 'edit=true&' : ''}${imageQuery(n)}`
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CatalogueBreadcrumbs brand={brand} line={detail.line} collection={detail.collection} />
        {look ? (
          <nav aria-label="Looks" className="flex items-center gap-2 text-sm" data-testid="look-navigation">
            {look.previous ? (
              <Link
                to={`/brand/${brand.key}/products/listing/${look.previous}`}
                aria-label="Previous look"
                className="rounded-full p-1 hover:bg-black/5"
              >
                <ChevronIcon direction="left" />
              </Link>
            ) : null}
            <span>
              Look {look.n} / {look.total}
            </span>
            {look.next ? (
              <Link
                to={`/brand/${brand.key}/products/listing/${look.next}`}
                aria-label="Next look"
                className="rounded-full p-1 hover:bg-black/5"
              >
                <ChevronIcon direction="right" />
              </Link>
            ) : null}
          </nav>
        ) : null}
      </div>
      <div className="grid gap-8 md:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
        <Gallery
          images={images}
          index={index}
          hrefFor={hrefFor}
          largerHref={`${base}/larger?${imageQuery(index + 1)}`}
          aside={
            style ? (
              <ButtonLink to={`/brand/${brand.key}/style/${style.key}`} variant="secondary">
                View in Virtual Atelier
              </ButtonLink>
            ) : null
          }
        />
        <section className="flex flex-col gap-5" aria-labelledby="listing-heading">
          {editing ? <EditListing key={listing.modified} /> : <ListingSummary />}
        </section>
      </div>
      <Outlet />
    </div>
  )
}

function ListingSummary() {
  const { detail } = useLoaderData<typeof loader>()
  const { listing, brand } = detail
  const base = `/brand/${brand.key}/products/listing/${listing.key}`
  return (
    <>
      <div className="flex flex-col gap-2">
        {listing.addition ? (
          <span>
            <Badge tone="info">Addition</Badge>
          </span>
        ) : null}
        <div className="flex items-start justify-between gap-3">
          <h1 id="listing-heading" className="text-2xl font-semibold tracking-tight">
            {listing.style_name}
          </h1>
          {detail.canEdit ? (
            <Menu label={<span aria-hidden="true">•••</span>} name="Edit menu">
              <Link to={`${base}?edit=true`} className="block px-4 py-2 hover:bg-black/5">
                Edit
              </Link>
              <Link to={`${base}/delete`} preventScrollReset className="block px-4 py-2 text-red-700 hover:bg-black/5">
                Delete
              </Link>
            </Menu>
          ) : null}
        </div>
        <p className="text-sm text-muted">Style No. {listing.style_number}</p>
      </div>
      {detail.categoriesError ? (
        <p role="alert" className="text-sm text-red-700">
          {detail.categoriesError}
        </p>
      ) : listing.category_names.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Categories">
          {listing.category_names.map((name) => (
            <li key={name}>
              <Badge>{name}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="grid grid-cols-2 gap-4 rounded-lg border border-line bg-white p-4 text-sm">
        <div>
          <dt className="text-xs uppercase tracking-wide text-muted">SKU</dt>
          <dd className="font-medium">{listing.sku || '—'}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-muted">UPC</dt>
          <dd className="font-medium">{listing.upc || '—'}</dd>
        </div>
      </dl>
      <ListingInfo listing={listing} />
    </>
  )
}

const textareaClass =
  'min-h-24 rounded-md border border-line bg-white px-3 py-2 text-sm outline-none focus:border-ink aria-[invalid]:border-red-600'

function EditListing() {
  const { detail } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const csrf = useCsrfToken()
  const { listing, brand } = detail
  const [form, fields] = useForm({
    id: `listing-${listing.key}`,
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, ListingFormSchema),
    defaultValue: {
      style_name: listing.style_name,
      style_number: listing.style_number,
      sku: listing.sku ?? '',
      upc: listing.upc ?? '',
      color_name: listing.color.name ?? '',
      color_code: listing.color.code ?? '',
      color_hex: listing.color.hexCode ?? '',
      size_name: listing.size.name ?? '',
      size_description: listing.size_description ?? '',
      department: listing.department ?? '',
      units: listing.units === null ? '' : String(listing.units),
      materials: listing.materials ?? '',
      description: listing.description ?? '',
      categories: listing.categories,
    },
  })
  const page = `/brand/${brand.key}/products/listing/${listing.key}`
  const input = (field: FieldMetadata<string | number | null>, label: string, extra: ComponentProps<'input'> = {}) => (
    <Field label={label} errors={field.errors} inputProps={{ ...getInputProps(field, { type: 'text' }), ...extra }} />
  )
  // After a refused save the boxes show what was sent, otherwise what the listing holds.
  const sent = fields.categories.initialValue
  const chosen = new Set(sent === undefined ? listing.categories : Array.isArray(sent) ? sent : [sent])
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" aria-labelledby="listing-heading">
      <CsrfField token={csrf} />
      <h1 id="listing-heading" className="text-xl font-semibold">
        Edit {listing.style_name}
      </h1>
      <ErrorList id={form.errorId} errors={form.errors} />
      {input(fields.style_name, 'Style Name', { autoFocus: true })}
      <div className="grid gap-4 sm:grid-cols-2">
        {input(fields.style_number, 'Style No.')}
        {input(fields.sku, 'SKU')}
        {input(fields.upc, 'UPC', { inputMode: 'numeric' })}
        {input(fields.department, 'Department')}
        {input(fields.color_name, 'Colour Name')}
        {input(fields.color_code, 'Colour Code')}
        {input(fields.color_hex, 'Colour Hex', { placeholder: '#1A2B3C' })}
        {input(fields.units, 'Units', { inputMode: 'numeric' })}
        {input(fields.size_name, 'Size')}
        {input(fields.size_description, 'Size Description')}
      </div>
      {input(fields.materials, 'Materials')}
      <div className="flex flex-col gap-1">
        <label htmlFor={fields.description.id} className="text-sm font-medium">
          Description
        </label>
        <textarea {...getTextareaProps(fields.description)} className={textareaClass} />
        <ErrorList id={fields.description.errorId} errors={fields.description.errors} />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Categories</legend>
        {detail.categoriesError ? (
          <>
            <p role="alert" className="text-sm text-red-700" data-testid="categories-error">
              {detail.categoriesError}
            </p>
            {/* Saving keeps the categories the listing has: none could be offered. */}
            {listing.categories.map((key) => (
              <input key={key} type="hidden" name={fields.categories.name} value={key} />
            ))}
          </>
        ) : detail.categories.length === 0 ? (
          <p className="text-xs text-muted">This brand has no categories yet.</p>
        ) : (
          <div className="grid gap-2 sm:grid-cols-3">
            {detail.categories.map((category) => (
              <label key={category.key} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={fields.categories.name}
                  value={category.key}
                  defaultChecked={chosen.has(category.key)}
                  className="h-4 w-4 rounded border-line accent-ink"
                />
                {category.name}
              </label>
            ))}
          </div>
        )}
        <ErrorList id={fields.categories.errorId} errors={fields.categories.errors} />
      </fieldset>
      <div className="flex justify-end gap-2">
        <Link to={page} className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit">Save</Button>
      </div>
    </Form>
  )
}
