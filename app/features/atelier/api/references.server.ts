// The atelier's calls of atelier.md §7 for a style's files: reference, pattern, techpack,
// graphics, pragma clone_ref and asset. Thin: the services check every permission and field.
import {
  containersOfStyle,
  createContainer,
  createPattern,
  getPattern,
  patternsOfStyle,
  updatePattern,
} from '#app/features/atelier/atelier-records.server'
import {
  cloneAsFinal,
  createReference,
  deleteReference,
  getReference,
  referencesOfModel,
  referencesOfStyle,
  updateAsset,
  updatePositions,
  updateReference,
  type ReferenceQuery,
} from '#app/features/atelier/references.server'
import { requireActor, type ApiCall, type Endpoint } from '#app/platform/api/endpoint.server'

const bodyOf = (call: { body: unknown }) => {
  const body = call.body ?? {}
  return (typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>
}

/** The list filters of the reference queries; `path` present but empty means the top level. */
function listQuery(call: ApiCall): ReferenceQuery {
  const { step, kind, path, tags, archived } = call.query
  return { step, kind, path, tags, archived }
}

export const referenceEndpoints: Endpoint[] = [
  {
    verb: 'GET',
    path: 'reference/query/style',
    auth: true,
    handle: (deps, call) => referencesOfStyle(deps, requireActor(call), call.query.style, listQuery(call)),
  },
  {
    verb: 'GET',
    path: 'reference/query/model',
    auth: true,
    handle: (deps, call) =>
      referencesOfModel(deps, requireActor(call), call.query.model, call.query.model_id, listQuery(call)),
  },
  {
    verb: 'GET',
    path: 'reference/model/:key',
    auth: true,
    handle: (deps, call) => getReference(deps, requireActor(call), call.key),
  },
  {
    verb: 'POST',
    path: 'reference/model',
    auth: true,
    handle: (deps, call) => createReference(deps, requireActor(call), bodyOf(call)),
  },
  {
    verb: 'PUT',
    path: 'reference/model/:key',
    auth: true,
    handle: (deps, call) => updateReference(deps, requireActor(call), call.key, bodyOf(call)),
  },
  {
    verb: 'DELETE',
    path: 'reference/model/:key',
    auth: true,
    handle: (deps, call) => deleteReference(deps, requireActor(call), call.key),
  },
  {
    verb: 'POST',
    path: 'reference/method/update_positions',
    auth: true,
    handle: (deps, call) => updatePositions(deps, requireActor(call), bodyOf(call)),
  },
  {
    verb: 'POST',
    path: 'pragma/method/clone_ref',
    auth: true,
    handle: (deps, call) => cloneAsFinal(deps, requireActor(call), bodyOf(call)),
  },
  {
    verb: 'PUT',
    // The spec adds ?auth={token}; the token rides in the Authorization header like every call.
    path: 'asset/model/:key',
    auth: true,
    handle: (deps, call) => updateAsset(deps, requireActor(call), call.key, bodyOf(call)),
  },
  {
    verb: 'POST',
    path: 'pattern/model',
    auth: true,
    handle: (deps, call) => createPattern(deps, requireActor(call), bodyOf(call)),
  },
  {
    verb: 'PUT',
    path: 'pattern/model/:key',
    auth: true,
    handle: (deps, call) => updatePattern(deps, requireActor(call), call.key, bodyOf(call)),
  },
  {
    verb: 'GET',
    path: 'pattern/model/:key',
    auth: true,
    handle: (deps, call) => getPattern(deps, requireActor(call), call.key),
  },
  {
    verb: 'GET',
    path: 'pattern/query/style',
    auth: true,
    handle: (deps, call) => patternsOfStyle(deps, requireActor(call), call.query.style),
  },
  // The spec writes POST /api/techpack and /api/graphics; /model/ is the house form of a create.
  ...(['techpack', 'techpack/model'] as const).map((path): Endpoint => ({
    verb: 'POST',
    path,
    auth: true,
    handle: (deps, call) => createContainer(deps, requireActor(call), 'Techpack', bodyOf(call)),
  })),
  {
    verb: 'GET',
    path: 'techpack/query/style',
    auth: true,
    handle: (deps, call) => containersOfStyle(deps, requireActor(call), 'Techpack', call.query.style),
  },
  ...(['graphics', 'graphics/model'] as const).map((path): Endpoint => ({
    verb: 'POST',
    path,
    auth: true,
    handle: (deps, call) => createContainer(deps, requireActor(call), 'Graphics', bodyOf(call)),
  })),
  {
    verb: 'GET',
    path: 'graphics/query/style',
    auth: true,
    handle: (deps, call) => containersOfStyle(deps, requireActor(call), 'Graphics', call.query.style),
  },
]
