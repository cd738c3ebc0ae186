// The vocabulary of access: grant types, the models a grant can be on, one grant. What each grant
// type allows is in ./abilities.ts.

export const GRANT_TYPES = ['owner', 'editor', 'read'] as const
export type GrantType = (typeof GRANT_TYPES)[number]

export const GRANT_MODELS = ['Brand', 'Line', 'Collection', 'Style', 'Team', 'Account'] as const
export type GrantModel = (typeof GRANT_MODELS)[number]

export interface Grant {
  model: GrantModel
  model_id: string
  type: GrantType
}

export function isGrantType(value: unknown): value is GrantType {
  return typeof value === 'string' && (GRANT_TYPES as readonly string[]).includes(value)
}
