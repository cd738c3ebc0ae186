// `/brand/{id}/style/{style}/materials/{type}/upload`: the Media Library, a modal over the cards
// (rendered here with them, so it is a page of its own without JavaScript). Choosing
// one of the brand's clean images opens New {type} with it as the front; a new picture goes
// through the file pipeline (a plain multipart form) and, once scanned clean, does the same.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { MaterialsCardsPage } from '#app/features/atelier/components/materials'
import { WizardStep } from '#app/features/atelier/components/wizard-step'
import { wizardStepData } from '#app/features/atelier/wizard-step.server'
import { RouteDialog } from '#app/ui/dialog'
import { Button } from '#app/ui/button'
import { CsrfField, EmptyState } from '#app/ui/misc'
import { useCsrfToken } from '#app/platform/csrf'
import { SCAN_MESSAGES } from '#app/features/files/file-purposes'
import { materialPage } from '#app/features/atelier/material-pages.server'
import { materialTitle } from '#app/features/atelier/materials'
import { redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { NO_FILE_MESSAGE, fileChecked, receiveFormUploads } from '#app/features/files/files.server'
import { materialCards, materialLibrary } from '#app/features/atelier/materials.server'

/** How long the form waits for the scan before going back to the library (the file shows there once clean). */
const SCAN_WAIT_MS = 8000

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const page = await materialPage(request, context, params)
  const images = await run(() => materialLibrary(context.deps, page.actor, page.style.key))
  const { cards, mayChange } = await run(() => materialCards(context.deps, page.actor, page.style.key))
  const shell = await wizardStepData(context, page.actor, params, 'materials', new URL(request.url))
  return json({ base: page.base, type: page.type!, images, style: page.style, cards, mayChange, shell })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const page = await materialPage(request, context, params)
  const here = `${page.base}/${page.type}/upload`
  const received = await run(() =>
    receiveFormUploads(
      context.deps,
      page.actor,
      request,
      { brand: page.brandKey, purpose: 'material-image' },
      {
        maxFiles: 1,
        // The token comes before the file, so nothing is stored for a forged form.
        prepare: async (_name, fields) => {
          await requireCsrf(request, context, fields)
          return {}
        },
      },
    ),
  )
  await requireCsrf(request, context, received.fields)
  const outcome = received.files[0]
  if (!outcome) return redirectWithToast(request, context, here, { kind: 'error', message: NO_FILE_MESSAGE })
  if ('error' in outcome) return redirectWithToast(request, context, here, { kind: 'error', message: outcome.error })
  const row = await fileChecked(context.deps, outcome.file.key, SCAN_WAIT_MS)
  if (row.status === 'available') {
    return redirectWithToast(request, context, `${page.base}/${page.type}/add?front=${row.key}`, {
      kind: 'success',
      message: SCAN_MESSAGES.available,
    })
  }
  return redirectWithToast(request, context, here, {
    kind: row.status === 'quarantined' ? 'error' : 'info',
    message: row.status === 'quarantined' ? SCAN_MESSAGES.quarantined : SCAN_MESSAGES.scanning,
  })
}

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
