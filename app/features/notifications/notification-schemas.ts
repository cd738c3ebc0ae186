// A notification's segments (atelier.md §3 Notification: display text, url, accented) and the
// limits of what a notification may hold. Shared by the services that create notifications and
// the pages that render them (docs/decisions/053-notification-segments.md).
import * as z from 'zod/mini'
import { safeRedirectPath } from '#app/platform/access/permissions'
import { LIMITS, tooLongMessage } from '#app/platform/common-schemas'
import type { NotificationSegment } from '#app/platform/protocol'

// A segment as stored and sent: its shape is part of the realtime protocol.
export type { NotificationSegment }

/** A segment as the page renders it. */
export interface SegmentView {
  text: string
  url: string | null
  accented: boolean
}

export const NOTIFICATION_LIMITS = {
  /** Keys and target ids are record keys. */
  key: LIMITS.key,
  targetKind: 64,
  action: 200,
  segmentText: 200,
  segmentUrl: 2048,
  segments: 10,
} as const

/** A relative path on this origin ("/brand/…"); never `javascript:`, `//host` or a full URL. */
export function isSameOriginPath(url: string): boolean {
  return url.startsWith('/') && url.length <= NOTIFICATION_LIMITS.segmentUrl && safeRedirectPath(url, '') === url
}

const segmentText = z.string().check(
  z.minLength(1, { error: 'segments: text is required.' }),
  z.maxLength(NOTIFICATION_LIMITS.segmentText, {
    error: tooLongMessage('segments: text', NOTIFICATION_LIMITS.segmentText),
  }),
)

const SegmentSchema = z.union([
  segmentText,
  z.object({
    text: segmentText,
    url: z.optional(
      z
        .string()
        .check(z.refine(isSameOriginPath, { error: 'segments: url must be a path on this site, such as /brand/…' })),
    ),
    accented: z.optional(z.boolean()),
  }),
])

export const SegmentsSchema = z
  .array(SegmentSchema)
  .check(z.maxLength(NOTIFICATION_LIMITS.segments, { error: 'segments: at most 10 segments.' }))

/** What every stored notification is checked against before it is written. */
export const NewNotificationSchema = z.object({
  action: z
    .string()
    .check(
      z.minLength(1, { error: 'action: Required' }),
      z.maxLength(NOTIFICATION_LIMITS.action, { error: tooLongMessage('action', NOTIFICATION_LIMITS.action) }),
    ),
  targetKind: z.string().check(
    z.minLength(1, { error: 'targetKind: Required' }),
    z.maxLength(NOTIFICATION_LIMITS.targetKind, {
      error: tooLongMessage('targetKind', NOTIFICATION_LIMITS.targetKind),
    }),
  ),
  targetId: z
    .string()
    .check(
      z.minLength(1, { error: 'targetId: Required' }),
      z.maxLength(NOTIFICATION_LIMITS.key, { error: tooLongMessage('targetId', NOTIFICATION_LIMITS.key) }),
    ),
  segments: SegmentsSchema,
})

/**
 * The segment as rendered. A link is kept only when it is a path on this origin, whatever was
 * stored, so a row written before the check (or by hand) can never render a foreign link.
 */
export function segmentView(segment: NotificationSegment): SegmentView {
  if (typeof segment === 'string') return { text: segment, url: null, accented: true }
  const url = typeof segment.url === 'string' && isSameOriginPath(segment.url) ? segment.url : null
  return { text: String(segment.text ?? ''), url, accented: segment.accented === true }
}
