// Everything a refused request could change, as sorted JSON rows, to compare before and after.
// Sign-in bookkeeping (last sign-in, modified) is left out: a session check may touch it.
import {
  accounts,
  brands,
  collections,
  files,
  grants,
  invites,
  lines,
  listings,
  materialStyles,
  materials,
  media,
  notifications,
  styleMaterialChecks,
  styles,
  teamMembers,
  teams,
} from '#db/schema'
import type { ServiceDeps } from '#app/platform/context.server'

export async function snapshotData({ db }: Pick<ServiceDeps, 'db'>) {
  const sorted = (rows: object[]) => rows.map((row) => JSON.stringify(row)).sort()
  return {
    brands: sorted(await db.select().from(brands)),
    lines: sorted(await db.select().from(lines)),
    collections: sorted(await db.select().from(collections)),
    listings: sorted(await db.select().from(listings)),
    grants: sorted(await db.select().from(grants)),
    teams: sorted(await db.select().from(teams)),
    teamMembers: sorted(await db.select().from(teamMembers)),
    invites: sorted(await db.select().from(invites)),
    notifications: sorted(await db.select().from(notifications)),
    files: sorted(await db.select().from(files)),
    media: sorted(await db.select().from(media)),
    styles: sorted(await db.select().from(styles)),
    materials: sorted(await db.select().from(materials)),
    materialStyles: sorted(await db.select().from(materialStyles)),
    styleMaterialChecks: sorted(await db.select().from(styleMaterialChecks)),
    accounts: sorted(
      (await db.select().from(accounts)).map(({ lastLoginAt: _seen, modified: _modified, ...row }) => row),
    ),
  }
}
