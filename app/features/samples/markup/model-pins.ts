// 3D pins on a virtual sample's model (docs/decisions/137): what model-viewer reports where the
// reviewer clicked becomes a 'pin3d' shape, and a stored pin's camera pose becomes the attribute
// values model-viewer takes back. Pure, so the browser and the tests share it.
import { parseShape, type CameraPose, type MarkupColour, type ModelPinShape, type Vector3 } from './shapes'

/** A click on the model's surface, as model-viewer's positionAndNormalFromPoint reports it. */
export interface SurfaceHit {
  position: Vector3
  normal: Vector3
}

/**
 * A new 3D pin, or null when what the viewer reported can't be stored (a point off any sane scale,
 * a zero normal, a camera looking from nowhere). It goes through parseShape, so the author keeps
 * exactly what everyone else will read.
 */
export function newModelPin(input: {
  id: string
  author: string
  created: number
  colour: MarkupColour
  number: number
  hit: SurfaceHit
  camera: CameraPose
}): ModelPinShape | null {
  const { normal } = input.hit
  const length = Math.hypot(normal.x, normal.y, normal.z)
  if (!(length > 0)) return null
  const shape = parseShape({
    id: input.id,
    kind: 'pin3d',
    colour: input.colour,
    strokeWidth: 0,
    author: input.author,
    created: input.created,
    position: { x: input.hit.position.x, y: input.hit.position.y, z: input.hit.position.z },
    normal: { x: normal.x / length, y: normal.y / length, z: normal.z / length },
    camera: {
      theta: input.camera.theta,
      phi: input.camera.phi,
      radius: input.camera.radius,
      target: { x: input.camera.target.x, y: input.camera.target.y, z: input.camera.target.z },
      fov: input.camera.fov,
    },
    number: input.number,
    resolved: false,
  })
  return shape?.kind === 'pin3d' ? shape : null
}

// model-viewer reads lengths with a unit and angles with one; plain numbers are read as metres and
// degrees, so the units are always written out.
const metres = (v: Vector3) => `${v.x}m ${v.y}m ${v.z}m`

/** The values of model-viewer's camera-orbit, camera-target and field-of-view for a pose. */
export function cameraAttributes(pose: CameraPose): { cameraOrbit: string; cameraTarget: string; fieldOfView: string } {
  return {
    cameraOrbit: `${pose.theta}rad ${pose.phi}rad ${pose.radius}m`,
    cameraTarget: metres(pose.target),
    fieldOfView: `${pose.fov}deg`,
  }
}

/** A hotspot's data-position and data-normal for a pin. */
export function hotspotAttributes(pin: ModelPinShape): { position: string; normal: string } {
  return { position: metres(pin.position), normal: metres(pin.normal) }
}

/** The angle between two turns around the model, the short way round, in radians. */
export function angleBetween(a: number, b: number): number {
  const turn = 2 * Math.PI
  const difference = (((a - b) % turn) + turn) % turn
  return Math.min(difference, turn - difference)
}

/**
 * Whether a camera shows what a pose shows: the same turn and height (within `radians`), and the
 * same distance, target and field of view (within `fraction` of the pose's distance and fov).
 */
export function sameView(camera: CameraPose, pose: CameraPose, radians = 0.02, fraction = 0.02): boolean {
  const near = pose.radius * fraction
  return (
    angleBetween(camera.theta, pose.theta) <= radians &&
    Math.abs(camera.phi - pose.phi) <= radians &&
    Math.abs(camera.radius - pose.radius) <= near &&
    Math.hypot(camera.target.x - pose.target.x, camera.target.y - pose.target.y, camera.target.z - pose.target.z) <=
      near &&
    Math.abs(camera.fov - pose.fov) <= pose.fov * fraction
  )
}
