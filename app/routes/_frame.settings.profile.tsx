// `/settings/profile`: Personal Profile. A minimal page (heading, picture and its Change link) so
// the profile picture modal has a parent; the settings work replaces it with the full form.
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, Outlet, useLoaderData } from '@remix-run/react'
import { Avatar } from '#app/components/ui/misc'
import { guard } from '#app/lib/session.server'
import { profilePictureUrl } from '#app/services/profile-picture.server'
import type { FrameHandle } from './_frame'

export const handle: FrameHandle = { title: 'Personal Profile', back: '/settings' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  return json({ name: actor.name, email: actor.email, picture: await profilePictureUrl(context.deps, actor) })
}

export default function PersonalProfile() {
  const { name, email, picture } = useLoaderData<typeof loader>()
  return (
    <div className="flex flex-col gap-6">
      <h2 className="text-xl font-medium">Personal Profile</h2>
      <section className="flex items-center gap-4 rounded-lg border border-line bg-white p-6">
        <Avatar name={name} src={picture} size={72} />
        <div className="flex flex-col gap-1">
          <p className="font-medium">{name}</p>
          <p className="text-sm text-muted">{email}</p>
          <Link to="/settings/profile/picture" className="text-sm underline underline-offset-4">
            Change picture
          </Link>
        </div>
      </section>
      <Outlet />
    </div>
  )
}
