// The sentence of a notification: the actor's name, the action, then its segments. A segment with
// a link renders as one only when the link is a path on this site (segmentView drops any other).
import { PageLink } from '#app/ui/page-link'
import { segmentView, type NotificationSegment } from '#app/features/notifications/notification-schemas'

export function NotificationText({
  firstName,
  lastName,
  action,
  segments,
}: {
  firstName: string
  lastName: string
  action: string
  segments: NotificationSegment[]
}) {
  const name = `${firstName} ${lastName}`.trim()
  return (
    <>
      {name ? <span className="font-medium">{name}</span> : null} {action}
      {segments.map(segmentView).map((segment, index) => {
        const className = segment.accented ? 'font-medium text-ink' : undefined
        return (
          <span key={index}>
            {' '}
            {segment.url ? (
              <PageLink
                to={segment.url}
                className={`underline decoration-line underline-offset-4 hover:decoration-ink ${className ?? ''}`}
              >
                {segment.text}
              </PageLink>
            ) : (
              <span className={className}>{segment.text}</span>
            )}
          </span>
        )
      })}
    </>
  )
}
