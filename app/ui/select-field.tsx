import type { ComponentProps, ReactNode } from 'react'
import { ErrorList } from '#app/ui/field'

export interface SelectOption {
  value: string
  label: string
}

/**
 * A labelled native select with its error list. Native, so it works without JavaScript; with
 * `multiple` it becomes a list box (Ctrl/Cmd-click picks several).
 */
export function SelectField({
  label,
  errors,
  options,
  placeholder,
  selectProps,
  hint,
}: {
  label: ReactNode
  errors?: string[] | null
  options: readonly SelectOption[]
  /** An empty first option, for optional or not yet chosen values. */
  placeholder?: string
  selectProps: ComponentProps<'select'> & { id: string }
  hint?: ReactNode
}) {
  const errorId = `${selectProps.id}-error`
  const hasErrors = Boolean(errors?.length)
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={selectProps.id} className="text-sm font-medium">
        {label}
      </label>
      <select
        {...selectProps}
        aria-invalid={hasErrors || undefined}
        aria-describedby={hasErrors ? errorId : undefined}
        className={`rounded-md border bg-white px-3 py-2 text-sm outline-none focus:border-ink ${
          hasErrors ? 'border-red-600' : 'border-line'
        } ${selectProps.disabled ? 'bg-canvas text-muted' : ''}`}
      >
        {placeholder !== undefined && !selectProps.multiple ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? <p className="text-xs text-muted">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}
