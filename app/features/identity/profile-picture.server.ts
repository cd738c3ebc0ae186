// The account's profile picture (access.md §3 assets.profile_picture, §9: circular crop, aspect 1,
// JPEG). Only the account itself changes it; the frame and contact cards show it by signed URL.
import { eq } from 'drizzle-orm'
import { accounts, type AccountAssets } from '#db/schema'
import { invalidSession } from '#app/platform/errors'
import { PROFILE_PICTURE_SPEC } from '#app/features/files'
import type { ServiceDeps } from '#app/platform/context.server'
import {
  countImageUpload,
  deleteBlobs,
  imageView,
  storeImage,
  type ImageChange,
  type ImageView,
} from '#app/features/files/index.server'
import type { Actor } from '#app/platform/access/actor'

async function accountAssets(deps: ServiceDeps, accountKey: string) {
  const [row] = await deps.db.select({ assets: accounts.assets }).from(accounts).where(eq(accounts.key, accountKey))
  if (!row) throw invalidSession()
  return row.assets ?? {}
}

/** The actor's picture with its original and crop, or null when none was uploaded. */
export async function getProfilePicture(deps: ServiceDeps, actor: Actor): Promise<ImageView | null> {
  const assets = await accountAssets(deps, actor.key)
  return imageView(deps, assets.profile_picture)
}

/** The signed URL of an account row's picture, or null to show initials (lists, cards). */
export function profilePictureUrlOf(deps: ServiceDeps, row: { assets: AccountAssets | null }): string | null {
  const path = row.assets?.profile_picture?.path
  if (!path) return null
  try {
    return deps.blobs.signedUrl(path)
  } catch {
    // A malformed stored path must not break a whole list; the avatar falls back to initials.
    return null
  }
}

/** Just the URL, for the page frame's avatar: from the path read with the actor when it has one. */
export async function profilePictureUrl(deps: ServiceDeps, actor: Actor): Promise<string | null> {
  if (actor.picturePath !== undefined) {
    return profilePictureUrlOf(deps, {
      assets: actor.picturePath ? { profile_picture: { path: actor.picturePath } } : null,
    })
  }
  return (await getProfilePicture(deps, actor))?.url ?? null
}

export async function setProfilePicture(deps: ServiceDeps, actor: Actor, change: ImageChange): Promise<ImageView> {
  if (change.file) await countImageUpload(deps, actor.key)
  const assets = await accountAssets(deps, actor.key)
  const { asset, replaced } = await storeImage(
    deps,
    `accounts/${actor.key}/profile-picture`,
    PROFILE_PICTURE_SPEC,
    assets.profile_picture,
    change,
  )
  await deps.db
    .update(accounts)
    .set({ assets: { ...assets, profile_picture: asset }, modified: new Date() })
    .where(eq(accounts.key, actor.key))
  await deleteBlobs(deps, replaced)
  return imageView(deps, asset)!
}

export function resetProfilePicture(deps: ServiceDeps, actor: Actor): Promise<ImageView> {
  return setProfilePicture(deps, actor, { file: null, crop: null, reset: true })
}
