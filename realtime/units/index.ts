// Every socket.io feature of the portal, in the order their hooks run. Chat, presence and
// upload/scan progress join this list as they are built.
import { brandRooms } from './brand-rooms'
import { notificationsUnit } from './notifications'
import type { RealtimeUnit } from './types'

export const UNITS: readonly RealtimeUnit[] = [notificationsUnit, brandRooms]
