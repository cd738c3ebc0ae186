// `/brand/{key}/settings`: Settings scoped to a brand open at the first tab that brand offers the
// user (Company Profile for owners and editors, Personal Profile for read members).
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { guard } from '#app/platform/session.server'
import { brandPage, brandGrantTypes } from '#app/platform/access/permissions'
import { settingsTabs } from '#app/ui/settings-tab-rules'

// spec: signed in; scoped to the brand
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const [first] = settingsTabs(brandKey, brandGrantTypes(actor.grants, brandKey))
  throw redirect(first?.to ?? '/settings/profile')
}
