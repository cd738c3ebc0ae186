// Line and collection calls of catalogue.md §7. Lists answer `{ data, cursor, more }` with the
// cursor from 0; the services check every permission (outsiders: not found; read members: refused).
import {
  createCollection,
  listCollectionsPage,
  listLineCollections,
  updateCollection,
} from '#app/features/catalogue/collections.server'
import { createLine, listLinesPage, updateLine } from '#app/features/catalogue/lines.server'
import { paged, requireActor, type Endpoint, requiredField } from '#app/platform/api/endpoint.server'
import {
  CollectionCreateSchema,
  CollectionUpdateSchema,
  LineCreateSchema,
  LineUpdateSchema,
} from '#app/features/catalogue/schemas'

export const catalogueEndpoints: Endpoint[] = [
  {
    verb: 'POST',
    path: 'line/model',
    summary: 'Creates a line in a brand.',
    body: LineCreateSchema,
    auth: true,
    handle: (deps, call) => createLine(deps, requireActor(call), call.body),
  },
  {
    verb: 'PUT',
    path: 'line/model/:key',
    summary: 'Renames a line or changes its description.',
    body: LineUpdateSchema,
    auth: true,
    handle: (deps, call) => updateLine(deps, requireActor(call), call.key!, call.body),
  },
  {
    verb: 'GET',
    path: 'line/query/brand',
    auth: true,
    handle: async (deps, call) =>
      paged(await listLinesPage(deps, requireActor(call), requiredField(call.query, 'brand'), call.query.cursor)),
  },
  {
    verb: 'POST',
    path: 'collection/model',
    summary: 'Creates a collection in a brand, in a line or beside the lines.',
    body: CollectionCreateSchema,
    auth: true,
    handle: (deps, call) => createCollection(deps, requireActor(call), call.body),
  },
  {
    verb: 'PUT',
    path: 'collection/model/:key',
    summary: 'Changes a collection: name, season, year, line.',
    body: CollectionUpdateSchema,
    auth: true,
    handle: (deps, call) => updateCollection(deps, requireActor(call), call.key!, call.body),
  },
  {
    verb: 'GET',
    path: 'collection/query/brand',
    auth: true,
    handle: async (deps, call) =>
      paged(await listCollectionsPage(deps, requireActor(call), requiredField(call.query, 'brand'), call.query.cursor)),
  },
  {
    verb: 'GET',
    path: 'collection/query/line',
    auth: true,
    handle: (deps, call) => listLineCollections(deps, requireActor(call), requiredField(call.query, 'line')),
  },
]
