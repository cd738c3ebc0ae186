// Pantone codes on a material's colours (atelier.md §2 Materials step, §5): how a typed code is
// written back, and the swatch we can show for it. Pantone's own colour library is licensed, so
// the portal knows only a small table of widely published codes; the hex code is always the
// colour that counts, and a code outside the table shows "no swatch known" (docs/decisions/120).

export const PANTONE_MAX_LENGTH = 40
export const PANTONE_MESSAGE = 'Enter a Pantone code such as 19-4052 TCX or 185 C.'
export const HEX_MESSAGE = 'Enter a hex code as #RRGGBB, such as #0F4C81.'
export const NO_SWATCH_KNOWN = 'No swatch known for this code'

/** Fashion, Home + Interiors: `19-4052 TCX` (cotton), TPG/TPX (paper), TN (nylon), TSX (polyester). */
const FASHION = /^(\d{2})-?(\d{4})(?:\s*(TCX|TPG|TPX|TN|TSX))?$/
/** Graphics numbers: `185 C` (coated), `U` (uncoated), `M`, `CP`/`UP` (process). */
const GRAPHICS_NUMBER = /^(\d{3,5})\s*(C|U|M|CP|UP)$/
/** Graphics names: `Warm Red C`, `Cool Gray 11 C`, `Reflex Blue C`. */
const GRAPHICS_NAME = /^([A-Z][A-Z ]*[A-Z](?: \d{1,2})?)\s+(C|U|M)$/

/**
 * The code as the portal writes it (`19-4052 TCX`, `185 C`, `Warm Red C`), or null when the text
 * is not a Pantone code. "Pantone" in front, case and spacing do not matter.
 */
export function normalizePantone(input: string | null | undefined): string | null {
  const text = (input ?? '')
    .trim()
    .replace(/^pantone\s*/i, '')
    .replace(/\s+/g, ' ')
    .toUpperCase()
  if (text.length === 0 || text.length > PANTONE_MAX_LENGTH) return null
  const fashion = FASHION.exec(text)
  if (fashion) return `${fashion[1]}-${fashion[2]}${fashion[3] ? ` ${fashion[3]}` : ''}`
  const number = GRAPHICS_NUMBER.exec(text)
  if (number) return `${number[1]} ${number[2]}`
  const name = GRAPHICS_NAME.exec(text)
  if (name) {
    const words = name[1]!.toLowerCase().replace(/\b[a-z]/g, (letter) => letter.toUpperCase())
    return `${words} ${name[2]}`
  }
  return null
}

/** `#0f4c81`, `0F4C81` → `#0F4C81`; anything else (short forms, names) → null. */
export function normalizeHex(input: string | null | undefined): string | null {
  const text = (input ?? '').trim()
  const match = /^#?([0-9a-fA-F]{6})$/.exec(text)
  return match ? `#${match[1]!.toUpperCase()}` : null
}

/**
 * sRGB approximations Pantone publishes for well-known codes: the Colors of the Year (2000–2025,
 * TCX) and common solid coated Graphics colours. A fashion code's TCX and TPG editions share one
 * entry: on a screen their difference is below what a swatch shows.
 */
const SWATCHES: Record<string, string> = {
  '15-4020': '#9BB7D4', // Cerulean
  '17-2031': '#C74375', // Fuchsia Rose
  '19-1664': '#BF1932', // True Red
  '14-4811': '#7BC4C4', // Aqua Sky
  '17-1456': '#E2583E', // Tigerlily
  '15-5217': '#53B0AE', // Blue Turquoise
  '13-1106': '#DECDBE', // Sand Dollar
  '19-1557': '#9B1B30', // Chili Pepper
  '18-3943': '#5A5B9F', // Blue Iris
  '14-0848': '#F0C05A', // Mimosa
  '15-5519': '#45B5AA', // Turquoise
  '18-2120': '#D94F70', // Honeysuckle
  '17-1463': '#DD4124', // Tangerine Tango
  '17-5641': '#009473', // Emerald
  '18-3224': '#B163A3', // Radiant Orchid
  '18-1438': '#955251', // Marsala
  '13-1520': '#F7CAC9', // Rose Quartz
  '15-3919': '#92A8D1', // Serenity
  '15-0343': '#88B04B', // Greenery
  '18-3838': '#5F4B8B', // Ultra Violet
  '16-1546': '#FF6F61', // Living Coral
  '19-4052': '#0F4C81', // Classic Blue
  '13-0647': '#F5DF4D', // Illuminating
  '17-5104': '#939597', // Ultimate Gray
  '17-3938': '#6667AB', // Very Peri
  '18-1750': '#BB2649', // Viva Magenta
  '13-1023': '#FFBE98', // Peach Fuzz
  '17-1230': '#A47864', // Mocha Mousse
  '185 C': '#E4002B',
  '186 C': '#C8102E',
  '032 C': '#EF3340',
  '021 C': '#FE5000',
  '109 C': '#FFD100',
  '116 C': '#FFCD00',
  '286 C': '#0033A0',
  '300 C': '#005EB8',
  '354 C': '#00B140',
  '355 C': '#009639',
  '2685 C': '#330072',
  '7406 C': '#F1C400',
  'Black C': '#2D2926',
  'Cool Gray 11 C': '#53565A',
  'Warm Red C': '#F9423A',
  'Process Blue C': '#0085CA',
  'Reflex Blue C': '#001489',
}

/** The swatch of a code (typed in any form normalizePantone reads), or null when none is known. */
export function pantoneSwatch(code: string | null | undefined): string | null {
  const normal = normalizePantone(code)
  if (!normal) return null
  const fashion = FASHION.exec(normal)
  return SWATCHES[fashion ? `${fashion[1]}-${fashion[2]}` : normal] ?? null
}

/** The colour a swatch shows: the hex code when set, else the Pantone's known swatch, else none. */
export function swatchOf(color: { hexcode?: string | null; pantone?: string | null }): string | null {
  return normalizeHex(color.hexcode) ?? pantoneSwatch(color.pantone)
}
