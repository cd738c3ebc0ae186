// Sending a message: the form, the API and the socket alike, with its burst limit and attachment;
// direct and group chats go through the group commit (send-queue.server.ts), threads one at a time.
import { SendMessageSchema, type SendMessageInput } from '#app/features/chat/schemas'
import { requireAttachable, type FileRow } from '#app/features/files/index.server'
import { requireAbility } from '#app/platform/access/access.server'
import { createBurstLimit } from '#app/platform/burst-limit'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError } from '#app/platform/errors'
import { parseOrThrow } from '#app/platform/validation.server'
import { files, messages } from '#db/schema'
import { and, eq } from 'drizzle-orm'
import { freshActor, threadTarget } from './chat-access.server'
import { type MessageView } from './chat-views.server'
import { threadOf } from './conversations.server'
import { storeAndPush } from './message-store.server'
import { sendsOf } from './send-queue.server'
import type { Actor } from '#app/platform/access/actor'

/**
 * Stores a message, then pushes it to the conversation's room. The same `client_key` from the
 * same sender answers the stored message again and pushes nothing new, so a resend after a dropped
 * connection never doubles a message. Sends to direct and group chats are stored by group commit
 * with the others arriving at the same time (docs/decisions/060); the rules are the same.
 */
export async function sendMessage(deps: ServiceDeps, actor: Actor, input: unknown): Promise<MessageView> {
  return sendParsed(deps, actor, parseOrThrow(SendMessageSchema, input), false)
}

/** Sends a message from a socket: the sender's grants are read again first. */
export async function sendMessageLive(deps: ServiceDeps, actor: Actor, input: unknown): Promise<MessageView> {
  return sendParsed(deps, actor, parseOrThrow(SendMessageSchema, input), true)
}

/**
 * A flood of messages from one account is refused before it reaches the database: 30 at once,
 * then one a second (per process; decision 051). People chatting never get near it.
 */
const messageBursts = createBurstLimit({ capacity: 30, refillPerSecond: 1 })

async function sendParsed(
  deps: ServiceDeps,
  actor: Actor,
  parsed: SendMessageInput,
  reloadGrants: boolean,
): Promise<MessageView> {
  if (!messageBursts.take(actor.key)) {
    throw new AppError('RateLimited', 'Too many messages at once. Please wait a moment before sending more.')
  }
  const attachment = await attachmentFor(deps, actor, parsed)
  if (parsed.conversation) {
    const conversationKey = parsed.conversation
    return new Promise<MessageView>((resolve, reject) => {
      sendsOf(deps).add({ deps, actor, reloadGrants, conversationKey, parsed, attachment, resolve, reject })
    })
  }
  if (!parsed.model) {
    throw new AppError('ValidationError', 'conversation: choose a conversation or an object to comment on.', {
      conversation: ['Required'],
    })
  }
  const sender = reloadGrants ? await freshActor(deps, actor) : actor
  const conversation = await threadOf(deps, sender, parsed.model, parsed.model_id)
  await requireAbility(deps, sender, 'comment.post', threadTarget(conversation.model!, conversation.modelKey!))
  return storeAndPush(deps, sender, conversation, parsed, attachment)
}

/**
 * The file a message is to carry (app/features/files/files.server.ts requireAttachable), or null. A
 * resend of a stored message names the file that message already carries: the stored message
 * answers it, as for any resend.
 */
async function attachmentFor(deps: ServiceDeps, actor: Actor, parsed: SendMessageInput): Promise<FileRow | null> {
  if (!parsed.attachment) return null
  try {
    return await requireAttachable(deps, actor, parsed.attachment)
  } catch (error) {
    if (parsed.client_key) {
      const [resent] = await deps.db
        .select({ key: messages.key })
        .from(messages)
        .innerJoin(files, eq(files.messageKey, messages.key))
        .where(
          and(
            eq(messages.senderKey, actor.key),
            eq(messages.clientKey, parsed.client_key),
            eq(files.key, parsed.attachment),
          ),
        )
      if (resent) return null
    }
    throw error
  }
}
