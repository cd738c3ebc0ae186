// Every endpoint of the JSON API, by domain. Add a domain's list here.
import type { Endpoint } from '../endpoint'
import { accountEndpoints } from './accounts.server'
import { coreEndpoints } from './core.server'
import { inviteEndpoints } from './invites.server'

export const endpoints: Endpoint[] = [...coreEndpoints, ...inviteEndpoints, ...accountEndpoints]
