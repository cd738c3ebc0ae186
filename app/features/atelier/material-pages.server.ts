// What every page of a style's Materials step starts with: the actor through the page gate (with
// the page's own access), the style (of the brand in the address, else not found) and the step's
// type when the path has one.
import { materialStyle } from '#app/features/atelier/materials.server'
import type { PageAccess } from '#app/platform/access/permissions'
import { guard, run } from '#app/platform/session.server'
import { json, type AppLoadContext } from '@remix-run/node'
import { isMaterialType, type MaterialTypeKey } from './materials'

export const materialsPath = (brandKey: string, styleKey: string) => `/brand/${brandKey}/style/${styleKey}/materials`

export async function materialPage(
  request: Request,
  context: AppLoadContext,
  params: Record<string, string | undefined>,
  access: PageAccess,
) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const style = await run(() => materialStyle(context.deps, actor, params.styleKey!))
  if (style.brandKey !== brandKey)
    throw json({ error: { type: 'NotFound', message: 'Style not found.' } }, { status: 404 })
  let type: MaterialTypeKey | null = null
  if (params.type !== undefined) {
    if (!isMaterialType(params.type)) {
      throw json({ error: { type: 'NotFound', message: 'Page not found.' } }, { status: 404 })
    }
    type = params.type
  }
  return { actor, brandKey, style, type, base: materialsPath(brandKey, style.key) }
}
