// Who may chat and comment: the abilities this feature declares, with the grant types behind each,
// registered into the access module (app/platform/access/abilities.ts) by app/features/abilities.ts.
import { ANY, OWNER, OWNER_OR_EDITOR } from '#app/platform/access/abilities'

declare module '#app/platform/access/abilities' {
  interface AbilityRegistry {
    /** Chat in the brand's channels; read members take part in the conversation too. */
    'message.send': true
    /** Delete a brand's group chat for everyone, whoever started it (docs/decisions/145). */
    'conversation.delete': true
    /** Read the comment thread of an object (a style, a listing, a reference) one can see. */
    'comment.view': true
    /** Write in an object's comment thread: reviewing is work on the object (docs/decisions/048). */
    'comment.post': true
  }
}

export const CHAT_ABILITIES = {
  'message.send': ANY,
  'conversation.delete': OWNER,
  'comment.view': ANY,
  'comment.post': OWNER_OR_EDITOR,
} as const
