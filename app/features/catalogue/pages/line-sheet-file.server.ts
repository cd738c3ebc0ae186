// `/brand/{id}/products/line-sheet.pdf?…`: the line sheet of the list as it is filtered, opened in
// the browser's PDF viewer (docs/decisions/183). The dialog checks the options first; an address
// written by hand with bad ones gets the same message as a 400.
import { Readable } from 'node:stream'
import { lineSheetFilename, parseLineSheetOptions } from '#app/features/catalogue/line-sheet'
import { makeLineSheet, planLineSheet } from '#app/features/catalogue/line-sheet.server'
import { parsePageQuery } from '#app/features/catalogue/listing-filter'
import { brandPage } from '#app/platform/access/permissions'
import { AppError } from '#app/platform/errors'
import { guard, run } from '#app/platform/session.server'
import type { LoaderFunctionArgs } from '@remix-run/node'

// decided (docs/decisions/183): as the dialog that makes it
export const access = brandPage('listing.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const url = new URL(request.url)
  const { filter } = parsePageQuery(url.searchParams)
  const file = await run(async () => {
    const plan = await planLineSheet(context.deps, actor, brandKey, filter)
    if (plan.refusal) throw new AppError('ValidationError', plan.refusal)
    const parsed = parseLineSheetOptions(url.searchParams, plan.defaultTitle)
    if (!parsed.ok) throw new AppError('ValidationError', parsed.error)
    // A HEAD asks only what the answer would be: nothing is drawn for it.
    if (request.method === 'HEAD') {
      return { filename: lineSheetFilename(parsed.options.title, new Date().toISOString().slice(0, 10)), body: null }
    }
    const paper = url.searchParams.get('paper') === 'LETTER' ? 'LETTER' : 'A4'
    return makeLineSheet(context.deps, actor, brandKey, filter, { ...parsed.options, paper })
  })
  // A reader who goes away stops the drawing (the page server cancels the body too).
  request.signal.addEventListener('abort', () => file.body?.destroy(), { once: true })
  const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return new Response(file.body ? (Readable.toWeb(file.body) as ReadableStream<Uint8Array>) : null, {
    headers: {
      'Content-Type': 'application/pdf',
      // Inline: the browser opens it to read and print; its name is kept for saving.
      'Content-Disposition': `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      'Cache-Control': 'private, no-store',
    },
  })
}
