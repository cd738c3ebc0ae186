// Every socket.io feature of the portal, in the order their hooks run.
import { atelierUnit } from './atelier'
import { brandRooms } from './brand-rooms'
import { chatUnit } from './chat'
import { notificationsUnit } from './notifications'
import type { RealtimeUnit } from './types'
import { uploadsUnit } from './uploads'

export const UNITS: readonly RealtimeUnit[] = [notificationsUnit, brandRooms, chatUnit, uploadsUnit, atelierUnit]
