// Every endpoint of the JSON API, by domain. Add a domain's list here.
import type { Endpoint } from '../endpoint'
import { accountEndpoints } from './accounts.server'
import { activityEndpoints } from './activities.server'
import { brandingEndpoints } from './branding.server'
import { chatEndpoints } from './chat.server'
import { coreEndpoints } from './core.server'
import { humanCheckEndpoints } from './human-check.server'
import { inviteEndpoints } from './invites.server'
import { listingDetailEndpoints } from './listing-detail.server'
import { passwordEndpoints } from './passwords.server'
import { teamEndpoints } from './teams.server'

export const endpoints: Endpoint[] = [
  ...coreEndpoints,
  ...accountEndpoints,
  ...activityEndpoints,
  ...brandingEndpoints,
  ...chatEndpoints,
  ...humanCheckEndpoints,
  ...inviteEndpoints,
  ...listingDetailEndpoints,
  ...passwordEndpoints,
  ...teamEndpoints,
]
