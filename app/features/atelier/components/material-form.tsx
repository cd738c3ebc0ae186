// The material form: its fields, the colour and Pantone of each side with its swatch, and the
// picture of each side.
import { MATERIAL_LIMITS, MATERIAL_SIDES } from '#app/features/atelier/materials'
import type { LibraryImage } from '../views'
import { NO_SWATCH_KNOWN, PANTONE_MAX_LENGTH, normalizeHex, pantoneSwatch } from '#app/features/atelier/pantone'
import { useCsrfToken } from '#app/platform/csrf'
import { Button, ButtonLink } from '#app/ui/button'
import { ErrorList } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { Form } from '@remix-run/react'
import { useState } from 'react'
import { Swatch, type Serialized } from './material-cards'

/** What the form shows: the material being edited, or what was sent when it was refused. */
export interface MaterialFormValues {
  name: string
  use: string
  colorway: string
  notes: string
  front: string
  back: string
  colors: Record<(typeof MATERIAL_SIDES)[number], { code: string; hexcode: string; pantone: string; notes: string }>
}

function TextInput({
  id,
  name,
  label,
  defaultValue,
  max,
  errors,
  required,
}: {
  id: string
  name: string
  label: string
  defaultValue: string
  max: number
  errors?: string[]
  required?: boolean
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        defaultValue={defaultValue}
        maxLength={max}
        required={required}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
        className={`rounded-md border bg-white px-3 py-2 text-sm outline-none focus:border-ink ${
          errors?.length ? 'border-red-600' : 'border-line'
        }`}
      />
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  )
}

/** Hex code and Pantone of one side, each with its swatch; the swatches follow the typing. */
function SideColour({
  side,
  value,
  errors,
}: {
  side: (typeof MATERIAL_SIDES)[number]
  value: MaterialFormValues['colors']['front']
  errors: Record<string, string[]>
}) {
  const [hex, setHex] = useState(value.hexcode)
  const [pantone, setPantone] = useState(value.pantone)
  const title = side === 'front' ? 'Front' : 'Back'
  const field = (name: string) => errors[`${side}.${name}`]
  const pantoneHex = pantoneSwatch(pantone)
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-line p-4">
      <legend className="px-1 text-sm font-semibold">{title} colour</legend>
      <div className="flex items-center gap-3">
        <Swatch hex={normalizeHex(hex) ?? pantoneHex} label={`${title} colour`} />
        <div className="flex-1">
          <TextInput
            id={`${side}-code`}
            name={`${side}.code`}
            label="Colour name"
            defaultValue={value.code}
            max={MATERIAL_LIMITS.colorCode}
            errors={field('code')}
          />
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SwatchField
          id={`${side}-hexcode`}
          name={`${side}.hexcode`}
          label="Hex code"
          value={hex}
          onChange={setHex}
          swatch={normalizeHex(hex)}
          swatchLabel={`${title} hex code`}
          placeholder="#0F4C81"
          maxLength={7}
          monospace
          errors={field('hexcode')}
        />
        <SwatchField
          id={`${side}-pantone`}
          name={`${side}.pantone`}
          label="Pantone"
          value={pantone}
          onChange={setPantone}
          swatch={pantoneHex}
          swatchLabel={`${title} Pantone`}
          placeholder="19-4052 TCX"
          maxLength={PANTONE_MAX_LENGTH}
          hint={pantone.trim() && !pantoneHex ? NO_SWATCH_KNOWN : 'An empty hex code takes a known Pantone colour.'}
          errors={field('pantone')}
        />
      </div>
      <TextInput
        id={`${side}-notes`}
        name={`${side}.notes`}
        label="Colour notes"
        defaultValue={value.notes}
        max={MATERIAL_LIMITS.colorNotes}
        errors={field('notes')}
      />
    </fieldset>
  )
}

/** A colour input with its swatch beside it; the swatch follows the typing. */
function SwatchField({
  id,
  name,
  label,
  value,
  onChange,
  swatch,
  swatchLabel,
  placeholder,
  maxLength,
  monospace = false,
  hint,
  errors,
}: {
  id: string
  name: string
  label: string
  value: string
  onChange: (value: string) => void
  swatch: string | null
  swatchLabel: string
  placeholder: string
  maxLength: number
  monospace?: boolean
  hint?: string
  errors?: string[]
}) {
  const invalid = Boolean(errors?.length)
  const describedBy = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <Swatch hex={swatch} label={swatchLabel} size="sm" />
        <input
          id={id}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          maxLength={maxLength}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy || undefined}
          className={`w-full rounded-md border bg-white px-3 py-2 text-sm outline-none focus:border-ink ${
            monospace ? 'font-mono' : ''
          } ${invalid ? 'border-red-600' : 'border-line'}`}
        />
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  )
}

/** Radio tiles of the Media Library's images for one side, "No picture" first. */
function SidePicture({
  side,
  images,
  chosen,
  errors,
}: {
  side: (typeof MATERIAL_SIDES)[number]
  images: Serialized<LibraryImage>[]
  chosen: string
  errors?: string[]
}) {
  const title = side === 'front' ? 'Front' : 'Back'
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-semibold">{title} picture</legend>
      <div className="flex max-h-48 flex-wrap gap-2 overflow-y-auto">
        <label className="flex h-20 w-16 cursor-pointer items-center justify-center rounded-md border border-dashed border-line text-center text-xs text-muted has-[:checked]:border-ink has-[:checked]:ring-2 has-[:checked]:ring-ink">
          <input type="radio" name={side} value="" defaultChecked={!chosen} className="sr-only" />
          No picture
        </label>
        {images.map((image) => (
          <label
            key={image.key}
            className="h-20 w-16 cursor-pointer overflow-hidden rounded-md border border-line has-[:checked]:border-ink has-[:checked]:ring-2 has-[:checked]:ring-ink"
          >
            <input
              type="radio"
              name={side}
              value={image.key}
              defaultChecked={chosen === image.key}
              className="sr-only"
            />
            <img src={image.thumbnail} alt={`${title}: ${image.name}`} className="h-full w-full object-cover" />
          </label>
        ))}
      </div>
      <ErrorList errors={errors} />
    </fieldset>
  )
}

export function MaterialForm({
  heading,
  values,
  images,
  errors,
  formError,
  cancelTo,
}: {
  heading: string
  values: MaterialFormValues
  images: Serialized<LibraryImage>[]
  errors: Record<string, string[]>
  formError: string | null
  cancelTo: string
}) {
  const csrf = useCsrfToken()
  return (
    <Form method="post" className="flex max-w-3xl flex-col gap-6" aria-labelledby="material-form-title">
      <h2 id="material-form-title" className="text-lg font-semibold">
        {heading}
      </h2>
      {formError ? (
        <p role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900">
          {formError}
        </p>
      ) : null}
      <CsrfField token={csrf} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          id="name"
          name="name"
          label="Name"
          defaultValue={values.name}
          max={MATERIAL_LIMITS.name}
          errors={errors.name}
          required
        />
        <TextInput
          id="use"
          name="use"
          label="Use"
          defaultValue={values.use}
          max={MATERIAL_LIMITS.use}
          errors={errors.use}
        />
        <TextInput
          id="colorway"
          name="colorway"
          label="Colorway"
          defaultValue={values.colorway}
          max={MATERIAL_LIMITS.colorway}
          errors={errors.colorway}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="notes" className="text-sm font-medium">
          Notes
        </label>
        <textarea
          id="notes"
          name="notes"
          rows={3}
          defaultValue={values.notes}
          maxLength={MATERIAL_LIMITS.notes}
          className="rounded-md border border-line bg-white px-3 py-2 text-sm outline-none focus:border-ink"
        />
        <ErrorList errors={errors.notes} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {MATERIAL_SIDES.map((side) => (
          <div key={side} className="flex flex-col gap-4">
            <SidePicture side={side} images={images} chosen={values[side]} errors={errors[side]} />
            <SideColour side={side} value={values.colors[side]} errors={errors} />
          </div>
        ))}
      </div>
      <ErrorList errors={errors.colors} />
      <div className="flex gap-3">
        <Button type="submit">Save</Button>
        <ButtonLink variant="secondary" to={cancelTo}>
          Cancel
        </ButtonLink>
      </div>
    </Form>
  )
}
