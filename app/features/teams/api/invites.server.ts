// Invite and sign-up calls (access.md §7): create, e-mail, list, revoke, the public lookup, the
// acceptance by a signed-in user, and sign-up from an invite.
import type { InviteInput } from '#app/features/teams/invite-schemas'
import {
  acceptInvite,
  createInvite,
  listBrandInvites,
  listBrandTeamInvites,
  listModelInvites,
  listTeamInvites,
  parseInvite,
  revokeInvite,
  sendInviteEmail,
} from '#app/features/teams/invites.server'
import { signUpWithInvite } from '../registration.server'
import { recordIssuedIdToken } from '#app/features/identity/index.server'
import { requireActor, stringField, type Endpoint, requiredField } from '#app/platform/api/endpoint.server'

export const inviteEndpoints: Endpoint[] = [
  {
    verb: 'POST',
    path: 'invite/model',
    auth: true,
    handle: (deps, call) => createInvite(deps, requireActor(call), (call.body ?? {}) as InviteInput),
  },
  {
    verb: 'POST',
    path: 'invite/method/email',
    auth: true,
    handle: (deps, call) =>
      sendInviteEmail(deps, requireActor(call), requiredField(call.body, 'key'), {
        path: stringField(call.body, 'path'),
      }),
  },
  {
    verb: 'GET',
    path: 'invite/query/brand',
    auth: true,
    handle: (deps, call) => listBrandInvites(deps, requireActor(call), requiredField(call.query, 'brand')),
  },
  {
    verb: 'GET',
    path: 'invite/query/brand_teams',
    auth: true,
    handle: (deps, call) => listBrandTeamInvites(deps, requireActor(call), requiredField(call.query, 'brand')),
  },
  {
    verb: 'GET',
    path: 'invite/query/team',
    auth: true,
    handle: (deps, call) => listTeamInvites(deps, requireActor(call), requiredField(call.query, 'team')),
  },
  {
    verb: 'GET',
    path: 'invite/query/model',
    auth: true,
    handle: (deps, call) =>
      listModelInvites(
        deps,
        requireActor(call),
        requiredField(call.query, 'model'),
        requiredField(call.query, 'model_id'),
      ),
  },
  {
    verb: 'DELETE',
    path: 'invite/model/:key',
    auth: true,
    async handle(deps, call) {
      // The brand comes in the body (access.md §7) or, for clients that send no DELETE body, the query.
      const brand = stringField(call.body, 'brand') ?? stringField(call.query, 'brand')
      await revokeInvite(deps, requireActor(call), call.key!, brand)
      return { key: call.key }
    },
  },
  {
    verb: 'GET',
    path: 'invite/method/parse',
    auth: false,
    handle: (deps, call) => parseInvite(deps, stringField(call.query, 'token')),
  },
  {
    verb: 'GET',
    path: 'app/method/accept_invite',
    auth: true,
    changesState: true,
    handle: (deps, call) => acceptInvite(deps, requireActor(call), stringField(call.query, 'token')),
  },
  {
    verb: 'POST',
    path: 'account/method/signup',
    auth: false,
    async handle(deps, call) {
      const result = await signUpWithInvite(deps, call.body)
      // A bearer token the emulator's unsigned tokens cannot be mistaken for (decision 027).
      await recordIssuedIdToken(deps, result.idToken)
      return {
        account: result.account,
        permissions: result.permissions,
        idToken: result.idToken,
        refreshToken: result.refreshToken,
        landing: result.landing,
      }
    },
  },
]
