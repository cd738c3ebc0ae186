// Material calls of atelier.md §7: the materials of a style or a brand, create and update with
// brand, styles, type, colors (a JSON string), name, use, colorway and notes; `assets` names the
// front and back files. The materials service checks every permission.
import {
  createMaterial,
  materialsOfBrand,
  materialsOfStyle,
  updateMaterial,
  type MaterialInput,
} from '#app/features/atelier/materials.server'
import { requireActor, requiredField, type Endpoint } from '#app/platform/api/endpoint.server'

const bodyOf = (call: { body: unknown }) => (call.body ?? {}) as MaterialInput

export const materialEndpoints: Endpoint[] = [
  {
    verb: 'GET',
    path: 'material/query/style',
    auth: true,
    handle: (deps, call) =>
      materialsOfStyle(deps, requireActor(call), requiredField(call.query, 'style'), { type: call.query.type }),
  },
  {
    verb: 'GET',
    path: 'material/query/brand',
    auth: true,
    handle: (deps, call) => materialsOfBrand(deps, requireActor(call), requiredField(call.query, 'brand')),
  },
  {
    verb: 'POST',
    path: 'material/model',
    auth: true,
    handle: (deps, call) => createMaterial(deps, requireActor(call), bodyOf(call)),
  },
  {
    verb: 'PUT',
    path: 'material/model/:key',
    auth: true,
    handle: (deps, call) => updateMaterial(deps, requireActor(call), call.key!, bodyOf(call)),
  },
]
