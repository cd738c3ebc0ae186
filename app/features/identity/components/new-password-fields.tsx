// The New / Confirm password pair of the reset screen and the Change Password modal. With
// JavaScript it warns about a breached password while typing (only a hash prefix leaves the
// browser); the server checks again on submit either way.
import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { Field } from '#app/ui/field'
import { useBreachedPassword } from '#app/features/identity/pwned-check'
import { PASSWORD_REMINDER, BREACHED_PASSWORD } from '#app/features/identity/password-schemas'

export function NewPasswordFields({
  newPassword,
  confirmPassword,
  breached,
  labels = { new: 'New Password', confirm: 'Confirm Password' },
}: {
  newPassword: FieldMetadata<string>
  confirmPassword: FieldMetadata<string>
  breached: boolean
  labels?: { new: string; confirm: string }
}) {
  const newErrors = [...(newPassword.errors ?? [])]
  if (breached && !newErrors.includes(BREACHED_PASSWORD)) newErrors.push(BREACHED_PASSWORD)
  return (
    <>
      <Field
        label={labels.new}
        errors={newErrors}
        hint={newErrors.length ? undefined : PASSWORD_REMINDER}
        inputProps={{ ...getInputProps(newPassword, { type: 'password' }), autoComplete: 'new-password' }}
      />
      <Field
        label={labels.confirm}
        errors={confirmPassword.errors}
        inputProps={{ ...getInputProps(confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
      />
    </>
  )
}

/** The client-side breach hint for a form's new password; blocks submit while it shows. */
export function useBreachHint(newPassword: FieldMetadata<string>) {
  const breached = useBreachedPassword(typeof newPassword.value === 'string' ? newPassword.value : '')
  return {
    breached,
    onSubmit(event: { preventDefault(): void }) {
      if (breached) event.preventDefault()
    },
  }
}
