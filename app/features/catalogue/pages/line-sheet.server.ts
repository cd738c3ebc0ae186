// The server side of line-sheet.tsx: how many products the list shows and the line sheet's
// title, then, once its form is sent, the options checked and the PDF's address
// (docs/decisions/183).
import { parseLineSheetOptions } from '#app/features/catalogue/line-sheet'
import { planLineSheet } from '#app/features/catalogue/line-sheet.server'
import { filterSearchParams, parsePageQuery } from '#app/features/catalogue/listing-filter'
import { brandPage } from '#app/platform/access/permissions'
import { json } from '#app/platform/loader-data.server'
import { guard, run } from '#app/platform/session.server'
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'

// decided (docs/decisions/183): whoever may see the products list may hand it to a buyer, as with its export
export const access = brandPage('listing.view')

/** The form's own fields, kept out of the list's address when the dialog closes. */
const OPTION_FIELDS = ['title', 'markup', 'paper', 'make']

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const url = new URL(request.url)
  const { filter } = parsePageQuery(url.searchParams)
  const plan = await run(() => planLineSheet(context.deps, actor, brandKey, filter))
  const list = new URL(url)
  for (const name of OPTION_FIELDS) list.searchParams.delete(name)
  const listQuery = list.searchParams.toString()
  const values = {
    title: url.searchParams.get('title') ?? plan.defaultTitle,
    markup: url.searchParams.get('markup') ?? '',
    paper: url.searchParams.get('paper') === 'LETTER' ? 'LETTER' : 'A4',
  }
  const page = {
    plan,
    values,
    filterFields: [...filterSearchParams(filter).entries()],
    closeTo: `/brand/${brandKey}/products${listQuery ? `?${listQuery}` : ''}`,
    error: null as string | null,
  }
  if (url.searchParams.get('make') !== '1' || plan.refusal) return json(page)
  const parsed = parseLineSheetOptions(url.searchParams, plan.defaultTitle)
  if (!parsed.ok) return json({ ...page, error: parsed.error }, { status: 400 })
  const file = filterSearchParams(filter)
  file.set('title', parsed.options.title)
  if (parsed.options.markup !== null) file.set('markup', String(parsed.options.markup))
  file.set('paper', values.paper)
  return redirect(`/brand/${brandKey}/products/line-sheet.pdf?${file.toString()}`)
}
