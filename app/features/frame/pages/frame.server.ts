// The server side of frame.tsx: what its route loads and does.
import { frameBrand } from '#app/features/brands/index.server'
import { unreadCountColumn } from '#app/features/chat/index.server'
import { profilePictureUrl } from '#app/features/identity/index.server'
import { bellColumn } from '#app/features/notifications/index.server'
import {
  brandGrantTypes,
  hasBrandAbility,
  headerItemsFor,
  showsDashboardNavigation,
  signedInPage,
} from '#app/platform/access/permissions'
import { guard, run } from '#app/platform/session.server'
import { type LoaderFunctionArgs } from '@remix-run/node'
import { json } from '#app/platform/loader-data.server'
import { sql } from 'drizzle-orm'
import type { ColumnRead } from '#app/platform/columns.server'

// The signed-in frame has no path of its own: each page in it checks its own declaration, the
// brand's too (frameBrand asks brand.view of the brand in the address).
export const access = signedInPage

const noUnreadMessages: ColumnRead<number> = { sql: sql`0`, read: () => 0 }
/** Notifications the bell's panel shows. */
const BELL_SIZE = 8

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  // The brand in the URL, else the account's current brand (docs/decisions/038), with the bell and
  // the CHAT label's count (unread messages in the brand's chats) in one statement, prepared once
  // for each of its two shapes (decision 164).
  const { brand, bell, unreadCount } = await run(() =>
    frameBrand(context.deps, actor, params.brandKey ?? null, (brandKey) => ({
      name: brandKey ? 'frame_of_brand' : 'frame_without_brand',
      columns: {
        bell: bellColumn(context.deps, actor, BELL_SIZE, 'placeholders'),
        unreadCount: brandKey ? unreadCountColumn(actor, brandKey, 'placeholders') : noUnreadMessages,
      },
    })),
  )
  const grantTypes = brand ? brandGrantTypes(actor.grants, brand.key) : []
  const picture = await profilePictureUrl(context.deps, actor)
  return json({
    account: {
      key: actor.key,
      name: actor.name,
      email: actor.email,
      role: actor.role,
      jobType: actor.jobType,
      picture,
    },
    brand: brand
      ? {
          key: brand.key,
          name: brand.name,
          // The Branding logo, by signed URL like every blob.
          logo: brand.assets.logo?.path ? context.deps.blobs.signedUrl(brand.assets.logo.path) : null,
        }
      : null,
    /** The page belongs to the brand (its dashboard navigation shows), not just the header. */
    inBrand: Boolean(params.brandKey),
    nav: headerItemsFor(actor.jobType, grantTypes),
    // Manage Team in the profile menu.
    isOwner: brand !== null && hasBrandAbility(actor.grants, brand.key, 'team.manage'),
    dashboard: showsDashboardNavigation(grantTypes),
    unread: bell.unread,
    unreadCount,
    notifications: bell.items,
    resourcesUrl: context.deps.env.RESOURCES_URL,
    // The stepper decides per path in the browser; it needs only the account's own brand grants.
    onboarding: actor.status.startsWith('onboarding')
      ? {
          status: actor.status,
          grants: actor.grants.filter((grant) => grant.model === 'Brand'),
          preferredBrand: actor.preferences.brand ?? null,
        }
      : null,
  })
}
