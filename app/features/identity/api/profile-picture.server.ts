// Endpoints of the signed-in account's profile picture: read it, or send a new one or a new crop
// (multipart/form-data, as every image call: withImageCall).
import { withImageCall } from '#app/features/files/index.server'
import { requireActor, type Endpoint } from '#app/platform/api/endpoint.server'
import { getProfilePicture, setProfilePicture } from '../profile-picture.server'

export const profilePictureEndpoints: Endpoint[] = [
  {
    verb: 'GET',
    path: 'account/method/profile_picture',
    auth: true,
    handle: (deps, call) => getProfilePicture(deps, requireActor(call)),
  },
  {
    verb: 'POST',
    path: 'account/method/profile_picture',
    auth: true,
    multipart: true,
    async handle(deps, call) {
      const actor = requireActor(call)
      return withImageCall(deps, call, (change) => setProfilePicture(deps, actor, change))
    },
  },
]
