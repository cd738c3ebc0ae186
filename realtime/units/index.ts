// Every socket.io feature of the portal, in the order their hooks run. Upload and scan progress
// join this list when they are built.
import { brandRooms } from './brand-rooms'
import { chatUnit } from './chat'
import { notificationsUnit } from './notifications'
import type { RealtimeUnit } from './types'

export const UNITS: readonly RealtimeUnit[] = [notificationsUnit, brandRooms, chatUnit]
