// Every endpoint of the JSON API, by domain. Add a domain's list here.
import type { Endpoint } from '#app/platform/api/endpoint.server'
import { accountEndpoints } from '#app/features/identity/api/accounts.server'
import { activityEndpoints } from '#app/features/notifications/api/activities.server'
import { assetLibraryEndpoints } from '#app/features/assets/api.server'
import { brandingEndpoints } from '#app/features/brands/api/branding.server'
import { catalogueEndpoints } from '#app/features/catalogue/api/catalogue.server'
import { chatEndpoints } from '#app/features/chat/api.server'
import { coreEndpoints } from './core.server'
import { fileEndpoints } from '#app/features/files/api.server'
import { humanCheckEndpoints } from '#app/features/identity/api/human-check.server'
import { importEndpoints } from '#app/features/imports/api.server'
import { inviteEndpoints } from '#app/features/teams/api/invites.server'
import { listingEndpoints } from '#app/features/catalogue/api/listings.server'
import { listingDetailEndpoints } from '#app/features/catalogue/api/listing-detail.server'
import { materialEndpoints } from '#app/features/atelier/api/materials.server'
import { mediaEndpoints } from '#app/features/media/api.server'
import { passwordEndpoints } from '#app/features/identity/api/passwords.server'
import { profilePictureEndpoints } from '#app/features/identity/api/profile-picture.server'
import { referenceEndpoints } from '#app/features/atelier/api/references.server'
import { styleEndpoints } from '#app/features/atelier/api/styles.server'
import { teamEndpoints } from '#app/features/teams/api/teams.server'

export const endpoints: Endpoint[] = [
  ...coreEndpoints,
  ...fileEndpoints,
  ...accountEndpoints,
  ...activityEndpoints,
  ...assetLibraryEndpoints,
  ...brandingEndpoints,
  ...profilePictureEndpoints,
  ...catalogueEndpoints,
  ...chatEndpoints,
  ...humanCheckEndpoints,
  ...importEndpoints,
  ...inviteEndpoints,
  ...listingEndpoints,
  ...listingDetailEndpoints,
  ...materialEndpoints,
  ...mediaEndpoints,
  ...passwordEndpoints,
  ...referenceEndpoints,
  ...styleEndpoints,
  ...teamEndpoints,
]
