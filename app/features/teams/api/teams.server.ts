// Team, brand-membership and contact calls of access.md §7. Owners manage teams; anyone with a
// grant on the brand may list its accounts and contacts. Services check every permission.
import {
  createTeam,
  listAccountTeams,
  listBrandAccounts,
  listBrandContacts,
  listBrandTeams,
  listModelTeams,
  listTeamAccounts,
  removeBrandMember,
  removeTeamMember,
  setTeamMember,
} from '#app/features/teams/teams.server'
import { requireActor, type Endpoint, requiredField } from '#app/platform/api/endpoint.server'
import { TeamCreateSchema } from '#app/features/teams/team-schemas'

export const teamEndpoints: Endpoint[] = [
  {
    verb: 'GET',
    path: 'account/query/brand',
    auth: true,
    handle: (deps, call) =>
      listBrandAccounts(deps, requireActor(call), requiredField(call.query, 'brand'), call.query.cursor),
  },
  {
    verb: 'GET',
    path: 'account/query/team',
    auth: true,
    handle: (deps, call) =>
      listTeamAccounts(deps, requireActor(call), requiredField(call.query, 'team'), call.query.cursor),
  },
  {
    verb: 'GET',
    path: 'team/query/brand',
    auth: true,
    handle: (deps, call) => listBrandTeams(deps, requireActor(call), requiredField(call.query, 'brand')),
  },
  {
    verb: 'GET',
    path: 'team/query/model',
    auth: true,
    handle: (deps, call) =>
      listModelTeams(
        deps,
        requireActor(call),
        requiredField(call.query, 'model'),
        requiredField(call.query, 'model_id'),
      ),
  },
  {
    verb: 'GET',
    path: 'team/query/accounts',
    auth: true,
    handle: (deps, call) => listAccountTeams(deps, requireActor(call), requiredField(call.query, 'account')),
  },
  {
    verb: 'POST',
    path: 'team/model',
    auth: true,
    summary: 'Creates a team of a brand with its members.',
    body: TeamCreateSchema,
    handle: (deps, call) => createTeam(deps, requireActor(call), call.body),
  },
  {
    verb: 'POST',
    path: 'team/method/set_team',
    auth: true,
    handle: (deps, call) => setTeamMember(deps, requireActor(call), call.body),
  },
  {
    verb: 'GET',
    path: 'team/method/brand_contacts',
    auth: true,
    handle: (deps, call) => listBrandContacts(deps, requireActor(call), requiredField(call.query, 'brand')),
  },
  {
    verb: 'POST',
    path: 'team/method/remove_member',
    auth: true,
    handle: (deps, call) => removeTeamMember(deps, requireActor(call), call.body),
  },
  {
    verb: 'POST',
    path: 'brand/method/remove_team_member',
    auth: true,
    handle: (deps, call) => removeBrandMember(deps, requireActor(call), call.body),
  },
]
