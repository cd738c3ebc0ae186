// The first comment of each pin of a sample, for the pins' hover cards.
import { listThreadMessages, threadMessageCounts } from '#app/features/chat/index.server'
import { markupPinThreadKey } from '#app/features/chat'
import type { ServiceDeps } from '#app/platform/context.server'
import { isPin, type Shape } from './markup/shapes'
import { previewText, type PinPreviews } from './pin-preview'
import type { Actor } from '#app/platform/access/actor'

/** A thread is read back this many messages at a time until its first. */
const PAGE = 200
/** A thread longer than this many pages shows the oldest message read. */
const MAX_PAGES = 10

/**
 * For each pin of the sample's markup with comments, its thread's first message: author and text
 * made short. For a caller that has checked the actor may see the sample (the sample page's
 * loader); each thread is still read through the chat's own access check, as the page reads the
 * open pin's thread. Pins without comments are left out, found with one count of all the threads.
 */
export async function pinPreviews(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  sampleKey: string,
  markup: readonly Shape[],
): Promise<PinPreviews> {
  const pins = markup.filter(isPin)
  if (pins.length === 0) return {}
  const counts = await threadMessageCounts(
    deps,
    brandKey,
    'MarkupPin',
    pins.map((pin) => markupPinThreadKey(sampleKey, pin.id)),
  )
  const commented = pins.filter((pin) => counts.has(markupPinThreadKey(sampleKey, pin.id)))
  const firsts = await Promise.all(
    commented.map(async (pin) => {
      const key = markupPinThreadKey(sampleKey, pin.id)
      let page = await listThreadMessages(deps, actor, 'MarkupPin', key, { limit: PAGE })
      let first = page.messages[0]
      for (let pages = 1; page.before !== null && pages < MAX_PAGES; pages++) {
        page = await listThreadMessages(deps, actor, 'MarkupPin', key, { before: page.before, limit: PAGE })
        first = page.messages[0] ?? first
      }
      return [pin.id, first] as const
    }),
  )
  const previews: PinPreviews = {}
  for (const [id, message] of firsts) {
    if (!message) continue
    const text = message.text.trim() || (message.attachment_name ? `Attachment: ${message.attachment_name}` : '')
    previews[id] = { author: message.sender, text: previewText(text) }
  }
  return previews
}
