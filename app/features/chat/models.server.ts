// The records of chat, registered with the access module: their table, the column naming their
// brand and their parent, so every access check finds their brand and ancestors. And what chat lets
// go when an account leaves a brand: the live rooms of the brand's conversations.
import { registerModel } from '#app/platform/access/model-registry.server'
import { whenBrandAccessCut, type BrandAccessCutHook } from '#app/platform/access/grants.server'
import { conversations, messages } from '#db/schema'
import { leaveBrandConversations } from './chat-live.server'
import { registerFilePurpose } from '#app/features/files/index.server'
import { CHAT_ATTACHMENT_TYPES } from './attachment-types'

const leaveConversationsOfLeftBrand: BrandAccessCutHook = async (deps, cut) => {
  if (cut.leftBrand) await leaveBrandConversations(deps, cut.accountKey, cut.brandKey)
}

export function registerChatModels(): void {
  registerModel('Conversation', {
    table: conversations,
    key: conversations.key,
    brand: conversations.brandKey,
    grantable: false,
  })
  registerModel('Message', { table: messages, key: messages.key, brand: messages.brandKey, grantable: false })
  whenBrandAccessCut(leaveConversationsOfLeftBrand)
  /** Files sent in chat (atelier.md §3 Message attachment). */
  registerFilePurpose('chat-attachment', {
    ability: 'message.send',
    types: CHAT_ATTACHMENT_TYPES,
    limit: 'file',
    images: true,
  })
}
