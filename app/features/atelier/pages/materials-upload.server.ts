// The server side of materials-upload.tsx: what its route loads and does.
import { materialPage } from '#app/features/atelier/material-pages.server'
import { materialCards, materialLibrary } from '#app/features/atelier/materials.server'
import { wizardStepData } from '#app/features/atelier/wizard-step.server'
import { SCAN_MESSAGES } from '#app/features/files'
import { NO_FILE_MESSAGE, fileChecked, receiveFormUploads } from '#app/features/files/index.server'
import { redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// spec: not shown beyond the general brand rule; any grant on the brand
export const access = brandPage('brand.view')

/** How long the form waits for the scan before going back to the library (the file shows there once clean). */
const SCAN_WAIT_MS = 8000

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const page = await materialPage(request, context, params, access)
  const images = await run(() => materialLibrary(context.deps, page.actor, page.style.key))
  const { cards, mayChange } = await run(() => materialCards(context.deps, page.actor, page.style.key))
  const shell = await wizardStepData(context, page.actor, params, 'materials', new URL(request.url))
  return json({ base: page.base, type: page.type!, images, style: page.style, cards, mayChange, shell })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const page = await materialPage(request, context, params, access)
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
