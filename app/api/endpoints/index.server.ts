// Every endpoint of the JSON API, by domain. Add a domain's list here.
import type { Endpoint } from '../endpoint'
import { brandingEndpoints } from './branding.server'
import { coreEndpoints } from './core.server'

export const endpoints: Endpoint[] = [...coreEndpoints, ...brandingEndpoints]
