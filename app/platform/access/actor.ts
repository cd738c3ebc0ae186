// The acting user as every service receives it: the account, its job type and its grants. It lives
// here, below the features, so that any feature, the API layer and the realtime layer can name who
// acts without importing identity, which builds it (toActor in features/identity/accounts.server.ts).
import type { Grant } from './grants'

/** The signed-in account with its grants; every service takes it first. */
export interface Actor {
  key: string
  /** The account's user at the identity provider (password, factors, sessions). */
  firebaseUid: string
  email: string
  name: string
  role: string
  jobType: string
  status: string
  preferences: { brand?: string | null }
  grants: Grant[]
  /**
   * The stored path of the profile picture (null: none), read with the account so the page frame
   * need not read the account again for its avatar. Absent on actors made by hand (tests).
   */
  picturePath?: string | null
}
