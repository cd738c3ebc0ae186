// What a person's tabs add up to (docs/decisions/154): online while any open, connected tab has
// had input in the last few minutes, idle when every one of them reported itself idle, offline
// with none. The realtime unit and the chat bar's first reading both use this rule.

export type PresenceState = 'online' | 'idle' | 'offline'

/** One open, connected tab: whose it is and whether it reported itself idle. */
export interface PresenceTab {
  account: string
  idle: boolean
}

/** The state of one account from its tabs. */
export function presenceOf(tabs: readonly Pick<PresenceTab, 'idle'>[]): PresenceState {
  if (tabs.length === 0) return 'offline'
  // One tab in use is enough: the person is at the keyboard somewhere.
  return tabs.some((tab) => !tab.idle) ? 'online' : 'idle'
}

/** Everyone with a tab open, by account; whoever is missing is offline. */
export function presenceByAccount(tabs: readonly PresenceTab[]): Map<string, Exclude<PresenceState, 'offline'>> {
  const byAccount = new Map<string, PresenceTab[]>()
  for (const tab of tabs) byAccount.set(tab.account, [...(byAccount.get(tab.account) ?? []), tab])
  const states = new Map<string, Exclude<PresenceState, 'offline'>>()
  for (const [account, own] of byAccount) states.set(account, presenceOf(own) as Exclude<PresenceState, 'offline'>)
  return states
}

/**
 * What one tab's change makes of its account, given the account's other tabs: the new state when
 * it differs from the state before, else null (the others need not hear anything). `before` and
 * `after` are the tab's own idleness, null while it is not there.
 */
export function presenceChange(
  others: readonly Pick<PresenceTab, 'idle'>[],
  before: boolean | null,
  after: boolean | null,
): PresenceState | null {
  const was = presenceOf(before === null ? others : [...others, { idle: before }])
  const now = presenceOf(after === null ? others : [...others, { idle: after }])
  return was === now ? null : now
}
