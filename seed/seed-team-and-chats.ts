// The demo's design team on its SS26 collection, the photos of its listings, and its chats.
import { UNMATCHED } from '#app/features/media'
import { syncListingMedia } from '#app/features/media/index.server'
import { teamGrantLevel } from '#app/features/teams'
import { addGrants } from '#app/platform/access/grants.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { demoKey } from '#app/platform/ids'
import { DEMO_BRAND_KEY, demoAccountKey } from './demo-keys'
import { conversationMembers, conversations, media, messages, teamMembers, teams } from '#db/schema'

export type Transaction = Parameters<Parameters<ServiceDeps['db']['transaction']>[0]>[0]

export const DEMO_TEAM_KEY = demoKey('team:ss26-design')
export const DEMO_TEAM_NAME = 'Spring/Summer design team'
export const DEMO_TEAM_MEMBERS = ['editor', 'vsm'] as const

/**
 * The demo listings' photos as media rows, named by the convention (style-number_sku_view), and a
 * few photos in the pool whose names match no listing, as a studio's upload leaves them.
 */
export async function insertDemoMedia(
  tx: Transaction,
  listingRows: { key: string; styleNumber: string; sku?: string | null }[],
  photos: Map<string, Record<string, unknown>>,
): Promise<void> {
  const rows: (typeof media.$inferInsert)[] = []
  for (const listing of listingRows) {
    for (const [shot, value] of Object.entries(photos.get(listing.key) ?? {})) {
      const item = value as { path: string; position: number }
      rows.push({
        key: demoKey(`media:${listing.key}:${shot}`),
        brandKey: DEMO_BRAND_KEY,
        name: `${listing.styleNumber}_${listing.sku}_${shot}.jpg`,
        path: item.path,
        listingKey: listing.key,
        shot,
        position: item.position,
      })
    }
  }
  // Pool photos reuse drawn pictures: a reshoot under an unknown style number, a campaign shot.
  const spare = [...photos.values()].slice(-4).map((map) => (map.front as { path: string }).path)
  const pool: [name: string, shot: string, reason: string][] = [
    ['DB-1090_DB-1090-SND-M_front.jpg', 'front', UNMATCHED.style('DB-1090')],
    ['DB-1001_DB-1001-XXX-M_back.jpg', 'back', UNMATCHED.sku('DB-1001-XXX-M', 'DB-1001')],
    ['campaign-ss26-look-03.jpg', 'campaign-ss26-look-03', UNMATCHED.pattern],
    ['DB-1004_DB-1004-IVR-XXL_detail.jpg', 'detail', UNMATCHED.sku('DB-1004-IVR-XXL', 'DB-1004')],
  ]
  pool.forEach(([name, shot, reason], i) =>
    rows.push({
      key: demoKey(`media:pool:${i}`),
      brandKey: DEMO_BRAND_KEY,
      name,
      path: spare[i % spare.length]!,
      shot,
      unmatched: reason,
      created: new Date(Date.now() - (i + 1) * 3_600_000),
    }),
  )
  await tx.insert(media).values(rows)
  await syncListingMedia(
    tx,
    listingRows.map((listing) => listing.key),
  )
}

/**
 * A design team on the SS26 collection with the designer and the virtual-sample maker, so Manage
 * Team shows a team summary row. Like a team made on Manage Team, it hands its members access to
 * the collection at the level of its job type.
 */
export async function insertDemoTeam(tx: Transaction, collectionKey: string): Promise<void> {
  const teamGrant = { model: 'Collection', model_id: collectionKey, type: teamGrantLevel('designer') }
  await tx.insert(teams).values({
    key: DEMO_TEAM_KEY,
    brandKey: DEMO_BRAND_KEY,
    name: DEMO_TEAM_NAME,
    description: 'Designs and virtual samples of Coastal Light',
    model: 'Collection',
    modelId: collectionKey,
    grants: [teamGrant],
    accountJobType: 'designer',
  })
  await tx.insert(teamMembers).values(
    DEMO_TEAM_MEMBERS.map((id) => ({
      teamKey: DEMO_TEAM_KEY,
      accountKey: demoAccountKey(id),
      brandKey: DEMO_BRAND_KEY,
    })),
  )
  await addGrants(
    tx,
    DEMO_TEAM_MEMBERS.map((id) => ({
      key: demoKey(`grant:team-ss26:${id}`),
      accountKey: demoAccountKey(id),
      brandKey: DEMO_BRAND_KEY,
      model: teamGrant.model,
      model_id: teamGrant.model_id,
      type: teamGrant.type,
    })),
  )
}

/** The demo direct chat between the designer and the virtual-sample maker, and a group chat. */
export const DEMO_DIRECT_CHAT_KEY = demoKey('conversation:dana-victor')
export const DEMO_GROUP_CHAT_KEY = demoKey('conversation:fit-review')

export async function insertDemoChats(tx: Transaction): Promise<void> {
  const [dana, victor, ada, mia] = ['editor', 'vsm', 'admin', 'viewer'].map(demoAccountKey) as [
    string,
    string,
    string,
    string,
  ]
  await tx.insert(conversations).values([
    {
      key: DEMO_DIRECT_CHAT_KEY,
      brandKey: DEMO_BRAND_KEY,
      kind: 'direct',
      pairKey: [dana, victor].sort().join(':'),
      createdBy: dana,
    },
    {
      key: DEMO_GROUP_CHAT_KEY,
      brandKey: DEMO_BRAND_KEY,
      kind: 'group',
      name: 'Coastal Light fit review',
      createdBy: ada,
    },
  ])
  // Each message an hour after the one before, ending two hours ago, so times read naturally.
  const script: [string, string, string][] = [
    [DEMO_DIRECT_CHAT_KEY, dana, 'Morning! The Linen Shirt sample is in, can you check the collar roll?'],
    [DEMO_DIRECT_CHAT_KEY, victor, 'On it. The collar stand looks 2 mm too high in the 3D fit.'],
    [DEMO_DIRECT_CHAT_KEY, dana, 'Agreed. Lower it and send me a new render when you can.'],
    [DEMO_GROUP_CHAT_KEY, ada, 'Fit review for Coastal Light is Thursday at 10. Samples by Wednesday please.'],
    [DEMO_GROUP_CHAT_KEY, victor, 'Wrap Dress and Cropped Jacket renders will be ready Tuesday.'],
    [DEMO_GROUP_CHAT_KEY, mia, 'Could we get flat lays of the Linen Shirt for the lookbook too?'],
  ]
  const start = Date.now() - (script.length + 1) * 3_600_000
  await tx.insert(messages).values(
    script.map(([conversationKey, senderKey, text], index) => ({
      key: demoKey(`message:${index}`),
      conversationKey,
      brandKey: DEMO_BRAND_KEY,
      senderKey,
      text,
      created: new Date(start + index * 3_600_000),
    })),
  )
  await tx.insert(conversationMembers).values([
    { conversationKey: DEMO_DIRECT_CHAT_KEY, accountKey: dana, brandKey: DEMO_BRAND_KEY },
    { conversationKey: DEMO_DIRECT_CHAT_KEY, accountKey: victor, brandKey: DEMO_BRAND_KEY },
    ...[ada, dana, victor, mia].map((accountKey) => ({
      conversationKey: DEMO_GROUP_CHAT_KEY,
      accountKey,
      brandKey: DEMO_BRAND_KEY,
    })),
  ])
}
