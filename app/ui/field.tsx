import type { ComponentProps, ReactNode } from 'react'

/** A labelled input with its error list; ids tie label, input and errors together for screen readers. */
export function Field({
  label,
  errors,
  inputProps,
  hint,
}: {
  label: ReactNode
  errors?: string[] | null
  inputProps: ComponentProps<'input'> & { id: string }
  hint?: ReactNode
}) {
  const errorId = `${inputProps.id}-error`
  const hasErrors = Boolean(errors?.length)
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputProps.id} className="text-sm font-medium">
        {label}
      </label>
      <input
        {...inputProps}
        aria-invalid={hasErrors || undefined}
        aria-describedby={hasErrors ? errorId : undefined}
        className={`rounded-md border bg-white px-3 py-2 text-sm outline-none focus:border-ink ${
          hasErrors ? 'border-red-600' : 'border-line'
        } ${inputProps.disabled ? 'bg-canvas text-muted' : ''}`}
      />
      {hint ? <p className="text-xs text-muted">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null
  return (
    <ul id={id} className="text-xs text-red-700" role="alert">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  )
}

export function Checkbox({ label, ...props }: ComponentProps<'input'> & { label: ReactNode; id: string }) {
  return (
    <label htmlFor={props.id} className="inline-flex items-center gap-2 text-sm">
      <input type="checkbox" className="h-4 w-4 rounded border-line accent-ink" {...props} />
      {label}
    </label>
  )
}
