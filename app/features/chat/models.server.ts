// The records of chat, registered with the access module: their table, the column naming their
// brand and their parent, so every access check finds their brand and ancestors.
import { registerModel } from '#app/platform/access/model-registry.server'
import { conversations, messages } from '#db/schema'

export function registerChatModels(): void {
  registerModel('Conversation', {
    table: conversations,
    key: conversations.key,
    brand: conversations.brandKey,
    grantable: false,
  })
  registerModel('Message', { table: messages, key: messages.key, brand: messages.brandKey, grantable: false })
}
