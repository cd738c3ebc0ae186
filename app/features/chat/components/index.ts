// The public entry of this feature for other features: its rules, texts and types.
export { CommentThread } from './comment-thread'
export { ChatBarPanel } from './chat-bar'
export { ChatLabel } from './chat-bar'
export { ChatProvider } from './chat-provider'
