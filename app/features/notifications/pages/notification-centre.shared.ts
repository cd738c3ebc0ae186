// What notification-centre.tsx and its server side both use.

export const INTENTS = {
  read: 'Notification marked as read.',
  'read-all': 'All notifications marked as read.',
  clear: 'Notification cleared.',
  'clear-all': 'All notifications cleared.',
} as const

export type Intent = keyof typeof INTENTS
