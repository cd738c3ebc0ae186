// Colour picker rules shared by the browser and the server (access.md §5 "Colour picker and
// crop", §9): a hex value counts once it is 7 characters long (#rrggbb); the R, G and B fields
// take up to 3 characters each, 0 to 255. Without JavaScript the hex field, the RGB fields and the
// native picker are not kept in sync, so the server decides which one the user changed
// (docs/decisions/023-branding-colours.md).

export const HEX_LENGTH = 7
export const RGB_MAX_LENGTH = 3

export const HEX_COLOUR_MESSAGE = 'Enter a hex colour of 7 characters, such as #1a2b3c.'
export const RGB_COLOUR_MESSAGE = 'R, G and B take whole numbers from 0 to 255.'

export interface Rgb {
  r: number
  g: number
  b: number
}

const HEX = /^#[0-9a-fA-F]{6}$/

/** The colour of a hex field, or null until it is a complete 7-character value. */
export function parseHex(value: string | null | undefined): string | null {
  const text = (value ?? '').trim()
  if (text.length !== HEX_LENGTH || !HEX.test(text)) return null
  return text.toLowerCase()
}

/** One RGB field: up to 3 digits, 0–255; null otherwise. */
export function parseChannel(value: string | null | undefined): number | null {
  const text = (value ?? '').trim()
  if (text.length === 0 || text.length > RGB_MAX_LENGTH || !/^\d+$/.test(text)) return null
  const number = Number(text)
  return number <= 255 ? number : null
}

export function rgbToHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`
}

export function hexToRgb(hex: string): Rgb {
  const value = parseHex(hex)
  if (!value) throw new Error(`not a hex colour: ${hex}`)
  return {
    r: Number.parseInt(value.slice(1, 3), 16),
    g: Number.parseInt(value.slice(3, 5), 16),
    b: Number.parseInt(value.slice(5, 7), 16),
  }
}

/** The colour of three RGB fields, or null unless all three are valid. */
export function parseRgb(r: string | null | undefined, g: string | null | undefined, b: string | null | undefined) {
  const channels = [parseChannel(r), parseChannel(g), parseChannel(b)]
  if (channels.some((channel) => channel === null)) return null
  const [red, green, blue] = channels as number[]
  return rgbToHex({ r: red!, g: green!, b: blue! })
}

export interface ColourFields {
  /** The colour the form was rendered with. */
  current: string
  hex?: string | null
  r?: string | null
  g?: string | null
  b?: string | null
  /** The native <input type="color">. */
  picker?: string | null
}

export type ColourResolution = { ok: true; value: string } | { ok: false; message: string }

/**
 * Which colour a submitted picker means. The sources that differ from the rendered colour are
 * the ones the user touched; hex wins over RGB, RGB over the native picker. A source that was
 * touched but is invalid is an error rather than silently ignored; nothing touched keeps the
 * current colour.
 */
export function resolveColour(fields: ColourFields): ColourResolution {
  const current = parseHex(fields.current) ?? fields.current.toLowerCase()
  const hexText = (fields.hex ?? '').trim()
  const hexTouched = hexText !== '' && hexText.toLowerCase() !== current
  if (hexTouched) {
    const value = parseHex(hexText)
    return value ? { ok: true, value } : { ok: false, message: HEX_COLOUR_MESSAGE }
  }
  const rgbGiven = [fields.r, fields.g, fields.b].some((field) => (field ?? '').trim() !== '')
  if (rgbGiven) {
    const value = parseRgb(fields.r, fields.g, fields.b)
    if (!value) return { ok: false, message: RGB_COLOUR_MESSAGE }
    if (value !== current) return { ok: true, value }
  }
  const picker = parseHex(fields.picker)
  if (picker && picker !== current) return { ok: true, value: picker }
  return { ok: true, value: current }
}
