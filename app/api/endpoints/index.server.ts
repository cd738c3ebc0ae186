// Every endpoint of the JSON API, by domain. Add a domain's list here.
import type { Endpoint } from '../endpoint'
import { coreEndpoints } from './core.server'
import { humanCheckEndpoints } from './human-check.server'
import { inviteEndpoints } from './invites.server'

export const endpoints: Endpoint[] = [...coreEndpoints, ...humanCheckEndpoints, ...inviteEndpoints]
