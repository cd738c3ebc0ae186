// The sentence of a message's notice, shown after the sender's name (the notification's actor).
import type { NotificationSegment } from '#app/features/notifications'
import { truncate } from './schemas'

/** An object's name in a notice: long file names are cut, as a notification's segment is short. */
const OBJECT_NAME_MAX = 120

/**
 * The words of a message's notice after the sender's name, which the notification shows first:
 * "mentioned you:" or "sent you a message:" and the message linked to its chat; on a thread,
 * "commented on" or "mentioned you on" the object, linked to its thread, and the message quoted.
 */
export function noticeSentence(notice: {
  isMention: boolean
  about: { text: string; url: string } | null
  preview: string
  chatUrl: string
}): { action: string; segments: NotificationSegment[] } {
  const { isMention, about, preview, chatUrl } = notice
  if (!about) {
    return {
      action: isMention ? 'mentioned you:' : 'sent you a message:',
      segments: [{ text: preview, url: chatUrl }],
    }
  }
  return {
    action: isMention ? 'mentioned you on' : 'commented on',
    segments: [{ ...about, text: truncate(about.text, OBJECT_NAME_MAX), accented: true }, { text: `“${preview}”` }],
  }
}
