// The Content-Security-Policy nonce of the page being rendered. Set on the server only: browsers
// hide a nonce from scripts once the page has loaded, and the client never needs it.
import { createContext, useContext } from 'react'

export const NonceContext = createContext<string | undefined>(undefined)

export function useNonce(): string | undefined {
  return useContext(NonceContext)
}
