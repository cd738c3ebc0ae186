// One colour picker of the Branding page: the native colour input, a hex field (accepted once it
// is 7 characters long) and R, G, B fields of at most 3 characters (access.md §5). With
// JavaScript the three stay in sync; without it they are posted as they are and the server takes
// the one the user changed (app/features/brands/colour.ts resolveColour).
import { useEffect, useState } from 'react'
import { HEX_LENGTH, RGB_MAX_LENGTH, hexToRgb, parseHex, parseRgb } from '#app/features/brands/colour'

export function ColourPicker({
  id,
  label,
  value,
  disabled,
  error,
  onColour,
}: {
  id: string
  label: string
  value: string
  disabled?: boolean
  error?: string | null
  /** Called with each complete colour while editing (live preview). */
  onColour?: (hex: string) => void
}) {
  const [hex, setHex] = useState(value)
  const [rgb, setRgb] = useState(() => channelTexts(value))
  useEffect(() => {
    setHex(value)
    setRgb(channelTexts(value))
  }, [value])
  const colour = parseHex(hex) ?? parseRgb(rgb.r, rgb.g, rgb.b) ?? value
  useEffect(() => onColour?.(colour), [colour, onColour])

  const onHex = (text: string) => {
    setHex(text)
    const parsed = parseHex(text)
    if (parsed) setRgb(channelTexts(parsed))
  }
  const onChannel = (channel: 'r' | 'g' | 'b', text: string) => {
    const next = { ...rgb, [channel]: text }
    setRgb(next)
    const parsed = parseRgb(next.r, next.g, next.b)
    if (parsed) setHex(parsed)
  }
  const onPicker = (text: string) => {
    setHex(text)
    setRgb(channelTexts(text))
  }
  const errorId = `${id}-error`
  const inputClass =
    'rounded-md border border-line bg-white px-2 py-1 text-sm outline-none focus:border-ink disabled:bg-canvas disabled:text-muted'

  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? errorId : undefined}
      data-testid={`picker-${id}`}
    >
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      <input type="hidden" name={`${id}_current`} value={value} />
      <div className="flex items-center gap-2">
        <input
          type="color"
          name={`${id}_picker`}
          aria-label={`${label} picker`}
          value={parseHex(colour) ?? '#000000'}
          onChange={(event) => onPicker(event.target.value)}
          disabled={disabled}
          className="h-9 w-12 cursor-pointer rounded border border-line bg-white p-0.5 disabled:cursor-not-allowed"
        />
        <input
          type="text"
          name={`${id}_hex`}
          aria-label={`${label} hex`}
          value={hex}
          maxLength={HEX_LENGTH}
          spellCheck={false}
          onChange={(event) => onHex(event.target.value)}
          disabled={disabled}
          className={`${inputClass} w-24 font-mono`}
        />
      </div>
      <div className="flex gap-2">
        {(['r', 'g', 'b'] as const).map((channel) => (
          <label key={channel} className="flex items-center gap-1 text-xs text-muted">
            {channel.toUpperCase()}
            <input
              type="text"
              inputMode="numeric"
              name={`${id}_${channel}`}
              aria-label={`${label} ${channel.toUpperCase()}`}
              value={rgb[channel]}
              maxLength={RGB_MAX_LENGTH}
              onChange={(event) => onChannel(channel, event.target.value.replace(/\D/g, ''))}
              disabled={disabled}
              className={`${inputClass} w-14`}
            />
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

function channelTexts(hex: string) {
  const parsed = parseHex(hex)
  if (!parsed) return { r: '', g: '', b: '' }
  const { r, g, b } = hexToRgb(parsed)
  return { r: String(r), g: String(g), b: String(b) }
}
