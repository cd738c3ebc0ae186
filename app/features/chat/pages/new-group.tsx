// `/brand/{key}/chat/new-group`: the New group chat dialog (atelier.md §5): a name and at least one
// member of the brand. A route, so it works without JavaScript; the chat opens once made.
import { useCsrfToken } from '#app/platform/csrf'
import { parseForm } from '#app/platform/forms'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { ErrorList, Field } from '#app/ui/field'
import { Avatar, CsrfField } from '#app/ui/misc'
import { getCollectionProps, getFormProps, getInputProps, useForm } from '@conform-to/react'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import type { action, loader } from './new-group.server'
import { GroupChatForm } from './new-group.shared'

export default function NewGroupChat() {
  const { brandKey, contacts } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const csrf = useCsrfToken()
  const [form, fields] = useForm({
    id: 'new-group-chat',
    lastResult,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, GroupChatForm),
    defaultValue: { members: [] },
  })
  const closeTo = `/brand/${brandKey}/chat`
  const names = new Map(contacts.map((contact) => [contact.key, contact]))
  return (
    <RouteDialog title="New group chat" closeTo={closeTo}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <CsrfField token={csrf} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="Group name"
          errors={fields.name.errors}
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoFocus: true, autoComplete: 'off' }}
        />
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={fields.members.errors ? fields.members.errorId : undefined}
        >
          <legend className="mb-1 text-sm font-medium">Members</legend>
          {contacts.length === 0 ? (
            <p className="text-sm text-muted">No resources available.</p>
          ) : (
            <div className="-mx-1 flex max-h-64 flex-col gap-1 overflow-y-auto px-1">
              {getCollectionProps(fields.members, {
                type: 'checkbox',
                options: contacts.map((contact) => contact.key),
              }).map((props) => {
                const contact = names.get(props.value)!
                return (
                  <label
                    key={props.key}
                    htmlFor={props.id}
                    className="flex items-center gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-black/5"
                  >
                    <input {...props} key={props.key} className="h-4 w-4 rounded border-line accent-ink" />
                    <Avatar name={contact.name} src={contact.picture} size={28} />
                    {contact.name}
                  </label>
                )
              })}
            </div>
          )}
          <ErrorList id={fields.members.errorId} errors={fields.members.errors} />
        </fieldset>
        <div className="flex justify-end gap-2">
          <Link to={closeTo} className={buttonClass('secondary')}>
            Cancel
          </Link>
          <Button type="submit">Create group chat</Button>
        </div>
      </Form>
    </RouteDialog>
  )
}
