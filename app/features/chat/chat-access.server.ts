// Who may chat and read what (docs/decisions/048): the brand's members who may chat, opening a
// conversation as a member, and the objects whose comment threads exist.
import { THREAD_MODELS, parseMarkupPinThreadKey, type ThreadModel } from '#app/features/chat/schemas'
import { requireAbility, requireBrandAbility, type Target } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound } from '#app/platform/errors'
import { accounts, conversationMembers, conversations, grants } from '#db/schema'
import { and, eq } from 'drizzle-orm'
import { type ConversationRow } from './chat-views.server'
import type { Actor } from '#app/platform/access/actor'
import { loadGrants } from '#app/platform/access/grants.server'

/** The brand-level members of a brand who may chat: active accounts with a grant on the brand. */
export async function isBrandMember(deps: ServiceDeps, accountKey: string, brandKey: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ key: grants.key })
    .from(grants)
    .innerJoin(accounts, eq(accounts.key, grants.accountKey))
    .where(
      and(
        eq(grants.accountKey, accountKey),
        eq(grants.model, 'Brand'),
        eq(grants.modelId, brandKey),
        eq(accounts.active, true),
      ),
    )
    .limit(1)
  return Boolean(row)
}

/** Grants as they are now: a socket's actor was read at its handshake. */
export async function freshActor(deps: ServiceDeps, actor: Actor): Promise<Actor> {
  return { ...actor, grants: await loadGrants(deps, actor.key) }
}

export interface Opened {
  conversation: ConversationRow
  /** Whether the actor may write in it (a thread needs more than read access to its object). */
  mayPost: boolean
}

/**
 * The conversation if the actor may read it: a member of a direct or group chat who still holds a
 * grant on its brand, or anyone who can view a thread's object. NotFound otherwise, so keys of
 * other people's conversations cannot be probed.
 */
export async function openConversation(deps: ServiceDeps, actor: Actor, key: string): Promise<Opened> {
  const [conversation] = await deps.db.select().from(conversations).where(eq(conversations.key, key)).limit(1)
  if (!conversation) throw notFound('Conversation')
  if (conversation.kind === 'thread') {
    await requireAbility(deps, actor, 'comment.view', threadTarget(conversation.model!, conversation.modelKey!))
    const mayPost = await requireAbility(
      deps,
      actor,
      'comment.post',
      threadTarget(conversation.model!, conversation.modelKey!),
    ).then(
      () => true,
      () => false,
    )
    return { conversation, mayPost }
  }
  const [member] = await deps.db
    .select({ key: conversationMembers.accountKey })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationKey, key), eq(conversationMembers.accountKey, actor.key)))
    .limit(1)
  if (!member) throw notFound('Conversation')
  try {
    requireBrandAbility(actor, 'message.send', conversation.brandKey)
  } catch {
    throw notFound('Conversation')
  }
  return { conversation, mayPost: true }
}

/** The record whose grants decide a thread: the object itself, or for a markup pin its sample. */
export function threadTarget(model: string, modelKey: string): Target {
  if (model !== 'MarkupPin') return { model, key: modelKey }
  // A key that names no pin names no sample either: not found, as an unknown object is.
  return { model: 'Reference', key: parseMarkupPinThreadKey(modelKey)?.sampleKey ?? '' }
}

export function threadModel(model: string | undefined): ThreadModel {
  if (!model || !(THREAD_MODELS as readonly string[]).includes(model)) {
    throw new AppError('ValidationError', `model: one of ${THREAD_MODELS.join(', ')}.`, { model: ['Required'] })
  }
  return model as ThreadModel
}
