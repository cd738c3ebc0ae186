// `/brand/{id}/style/{style}/materials/{type}/upload`: the Media Library, a modal over the cards
// (rendered here with them, so it is a page of its own without JavaScript). Choosing
// one of the brand's clean images opens New {type} with it as the front; a new picture goes
// through the file pipeline (a plain multipart form) and, once scanned clean, does the same.
import { MaterialsCardsPage } from '#app/features/atelier/components/materials'
import { WizardStep } from '#app/features/atelier/components/wizard-step'
import { materialTitle } from '#app/features/atelier/materials'
import { useCsrfToken } from '#app/platform/csrf'
import { Button } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { CsrfField, EmptyState } from '#app/ui/misc'
import { Form, Link, useLoaderData } from '@remix-run/react'
import type { loader } from './materials-upload.server'

export default function MediaLibrary() {
  const { base, type, images, cards, mayChange, shell } = useLoaderData<typeof loader>()
  const csrf = useCsrfToken()
  const title = materialTitle(type)
  return (
    <>
      <WizardStep {...shell}>
        <MaterialsCardsPage base={base} cards={cards} mayChange={mayChange} />
      </WizardStep>
      <RouteDialog title="Media Library" closeTo={base} wide>
        <p className="mb-4 text-sm text-muted">Choose a picture for the new {type}, or upload one.</p>
        {images.length === 0 ? (
          <EmptyState title="Library is currently empty" />
        ) : (
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5" aria-label="Media Library images">
            {images.map((image) => (
              <li key={image.key}>
                <Link
                  to={`${base}/${type}/add?front=${image.key}`}
                  className="block overflow-hidden rounded-md border border-line hover:border-ink focus:border-ink"
                >
                  <img src={image.thumbnail} alt={image.name} className="aspect-[3/4] w-full object-cover" />
                  <span className="block truncate px-2 py-1 text-xs">{image.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Form
          method="post"
          encType="multipart/form-data"
          className="mt-6 flex flex-wrap items-end gap-3 border-t border-line pt-4"
        >
          <CsrfField token={csrf} />
          <div className="flex flex-col gap-1">
            <label htmlFor="material-file" className="text-sm font-medium">
              Upload a picture
            </label>
            <input
              id="material-file"
              type="file"
              name="file"
              accept="image/jpeg,image/png,image/webp"
              required
              className="text-sm"
            />
          </div>
          <Button type="submit">Upload</Button>
          <Link to={`${base}/${type}/add`} className="ml-auto text-sm underline">
            New {title} without a picture
          </Link>
        </Form>
      </RouteDialog>
    </>
  )
}
