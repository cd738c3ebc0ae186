// `/brand/{key}/contacts`: a card per member of the brand (avatar or initials, name, account type
// badge, e-mail, phone and country when known, Message to chat with them) and the filter-bar menu of access.md §2.
import { DirectChatForm } from '#app/features/chat/components/direct-chat-form'
import { buttonClass } from '#app/ui/button'
import type { FrameHandle } from '#app/ui/frame-handle'
import { Avatar, Badge, EmptyState, Menu } from '#app/ui/misc'
import { type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import type { loader } from './contacts.server'

export const meta: MetaFunction = () => [{ title: 'Contacts · Brand Portal' }]

export const handle: FrameHandle = {
  title: 'Contacts',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}`,
}

export default function Contacts() {
  const { brandKey, isOwner, selfKey, contacts } = useLoaderData<typeof loader>()
  const base = `/brand/${brandKey}`
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3" data-testid="filter-bar">
        <h2 className="text-lg font-medium">Contacts</h2>
        <span className="text-sm text-muted">{contacts.length}</span>
        <div className="ml-auto">
          <Menu label={<span className={buttonClass('primary')}>Add</span>} name="Add contacts">
            {isOwner ? (
              <Link to={`${base}/team/add?job_type=admin`} className="block px-4 py-2 hover:bg-black/5">
                Add Brand Admin
              </Link>
            ) : null}
            <Link to={`${base}/lines`} className="block px-4 py-2 hover:bg-black/5">
              Add Line Team Member
            </Link>
            <Link to={`${base}/collections`} className="block px-4 py-2 hover:bg-black/5">
              Add Collection Team Member
            </Link>
          </Menu>
        </div>
      </div>
      {contacts.length === 0 ? (
        <EmptyState title="No contacts yet.">Members of this brand appear here once they join.</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {contacts.map((contact) => (
            <li
              key={contact.key}
              data-testid="contact-card"
              className="flex flex-col gap-3 rounded-lg border border-line bg-white p-5"
            >
              <div className="flex items-center gap-3">
                <Avatar name={contact.name} src={contact.profilePictureUrl} size={48} />
                <div className="min-w-0">
                  <p className="truncate font-medium">{contact.name}</p>
                  <Badge>{contact.accountType}</Badge>
                </div>
              </div>
              <dl className="flex flex-col gap-1 text-sm">
                <div className="flex gap-2">
                  <dt className="sr-only">Email</dt>
                  <dd className="truncate">
                    <a href={`mailto:${contact.email}`} className="hover:underline">
                      {contact.email}
                    </a>
                  </dd>
                </div>
                {contact.phone ? (
                  <div className="flex gap-2">
                    <dt className="sr-only">Phone</dt>
                    <dd>{contact.phone}</dd>
                  </div>
                ) : null}
                {contact.country ? (
                  <div className="flex gap-2">
                    <dt className="sr-only">Address</dt>
                    <dd className="text-muted">{contact.country}</dd>
                  </div>
                ) : null}
              </dl>
              {contact.key === selfKey ? null : (
                <div className="mt-auto flex items-center gap-2">
                  {/* Opens the direct chat with this member (made on first use) and goes to it. */}
                  <DirectChatForm brandKey={brandKey} account={contact.key} className={buttonClass('secondary')}>
                    Message
                    <span className="sr-only"> {contact.name}</span>
                  </DirectChatForm>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
