// SVG for the overlay rendered on the server (when JavaScript is off).
import { pairsOf } from './shape-geometry'
import {
  CONTROL_GLOBAL,
  MARKUP_COLOURS,
  TEXT_LINE_HEIGHT,
  clampToImage,
  isMarkupColour,
  scaleOf,
  toPixels,
  type ImageSize,
  type MarkupColour,
  type MarkupColourName,
  type PinShape,
  type PixelShape,
  type Shape,
} from './shape-types'

/** Opacity of a resolved pin: still there to read, no longer asking for attention. */
export const RESOLVED_PIN_OPACITY = 0.4
/** The number inside a pin. The only colour drawn that is not from the palette, and a constant. */
export const PIN_LABEL_COLOUR = '#ffffff'
/**
 * A pin's radius on screen, in CSS pixels, at every size and zoom of the picture: 28 px across
 * (with its 2 px ring, 32), large enough to tap and to read its number.
 */
export const PIN_SCREEN_RADIUS = 14
export const PIN_RING_WIDTH = 2

/** The pin number's font size in CSS pixels: smaller for three and four digits, so they fit. */
export function pinLabelSize(number: number): number {
  const digits = String(number).length
  return digits <= 2 ? 14 : digits === 3 ? 11 : 9
}
const FONT = 'system-ui, sans-serif'

function escapeXml(text: string): string {
  return text
    .replace(CONTROL_GLOBAL, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** A number for an attribute: short, and never NaN or Infinity. */
function num(value: number): string {
  return Number.isFinite(value) ? String(Math.round(value * 100) / 100) : '0'
}

/** A shape's colour when it is in the palette, else red: whatever a shape says, only palette colours are written. */
function safeColour(colour: string): MarkupColour {
  return isMarkupColour(colour) ? colour : MARKUP_COLOURS.red
}

function colourName(colour: MarkupColour): MarkupColourName {
  return (Object.keys(MARKUP_COLOURS) as MarkupColourName[]).find((name) => MARKUP_COLOURS[name] === colour)!
}

// One marker per colour, with a fixed id: two overlays on one page define the same markers alike.
function arrowMarker(colour: MarkupColour): string {
  return (
    `<marker id="markup-arrow-${colourName(colour)}" viewBox="0 0 10 10" refX="8" refY="5" ` +
    `markerWidth="4" markerHeight="4" orient="auto-start-reverse">` +
    `<path d="M0,0 L10,5 L0,10 z" fill="${colour}"/></marker>`
  )
}

function svgOfShape(shape: PixelShape): string {
  const colour = safeColour(shape.colour)
  const stroke = `fill="none" stroke="${colour}" stroke-width="${num(shape.strokeWidth)}"`
  const round = 'stroke-linecap="round" stroke-linejoin="round"'
  switch (shape.kind) {
    case 'pen': {
      const pairs = pairsOf(shape.points)
      if (pairs.length === 0) return ''
      // A single point is drawn as a zero-length line, which a round cap shows as a dot.
      const path = (pairs.length === 1 ? [pairs[0]!, pairs[0]!] : pairs)
        .map((p, i) => `${i === 0 ? 'M' : 'L'}${num(p.x)} ${num(p.y)}`)
        .join(' ')
      return `<path d="${path}" ${stroke} ${round}/>`
    }
    case 'arrow':
      return (
        `<line x1="${num(shape.from.x)}" y1="${num(shape.from.y)}" x2="${num(shape.to.x)}" y2="${num(shape.to.y)}" ` +
        `${stroke} ${round} marker-end="url(#markup-arrow-${colourName(colour)})"/>`
      )
    case 'rect':
      return `<rect x="${num(shape.x)}" y="${num(shape.y)}" width="${num(shape.width)}" height="${num(shape.height)}" ${stroke}/>`
    case 'ellipse':
      return `<ellipse cx="${num(shape.cx)}" cy="${num(shape.cy)}" rx="${num(shape.rx)}" ry="${num(shape.ry)}" ${stroke}/>`
    case 'text': {
      const lineHeight = shape.size * TEXT_LINE_HEIGHT
      const lines = String(shape.text)
        .split('\n')
        .map((line, i) => `<tspan x="${num(shape.x)}" y="${num(shape.y + i * lineHeight)}">${escapeXml(line)}</tspan>`)
        .join('')
      return (
        `<text font-family="${FONT}" font-size="${num(shape.size)}" fill="${colour}" ` +
        `dominant-baseline="hanging" xml:space="preserve">${lines}</text>`
      )
    }
    case 'pin':
      // Drawn on a layer of their own, at a constant size on screen (pinSvg).
      return ''
    case 'pin3d':
      return ''
  }
}

/**
 * A pin on the outer layer, whose units are CSS pixels: placed in percentages of the picture, so
 * it sits on its spot, and sized in pixels, so it keeps its size on screen whatever the scale.
 */
function pinSvg(pin: PinShape): string {
  const colour = safeColour(pin.colour)
  const at = `x="${num(pin.x * 100)}%" y="${num(pin.y * 100)}%"`
  const opacity = pin.resolved ? ` opacity="${RESOLVED_PIN_OPACITY}"` : ''
  const recheck = pin.needsRecheck ? ' data-needs-recheck="true" stroke-dasharray="4 3"' : ''
  const number = Number.isSafeInteger(pin.number) ? pin.number : 0
  const label = number > 0 ? String(number) : ''
  return (
    `<g${opacity}${recheck}><circle cx="${num(pin.x * 100)}%" cy="${num(pin.y * 100)}%" r="${PIN_SCREEN_RADIUS}" ` +
    `fill="${colour}" stroke="${PIN_LABEL_COLOUR}" stroke-width="${PIN_RING_WIDTH}"/>` +
    `<text ${at} font-family="${FONT}" font-size="${pinLabelSize(number)}" font-weight="bold" ` +
    `fill="${PIN_LABEL_COLOUR}" stroke="none" text-anchor="middle" dominant-baseline="central">${label}</text></g>`
  )
}

/**
 * The shapes as an SVG document of the image's pixel size, to lay over the image. Text is escaped,
 * colours are only ever the palette's, pins are numbered circles (resolved ones faded) and arrows
 * end in a head. The shapes are drawn in the image's pixels by an inner SVG stretched over the
 * whole overlay; the pins are drawn above them in the outer SVG's own CSS pixels.
 */
export function svgOf(shapes: readonly Shape[], size: ImageSize): string {
  const { side } = scaleOf(size)
  const arrowColours = new Set<MarkupColour>()
  const body: string[] = []
  const pins: string[] = []
  for (const shape of shapes) {
    if (shape.kind === 'pin') {
      pins.push(pinSvg(clampToImage(shape)))
      continue
    }
    const pixels = toPixels(shape, size)
    if (pixels.kind === 'arrow') arrowColours.add(safeColour(pixels.colour))
    const drawn = svgOfShape(pixels)
    // Carried over from the previous version: dashed until someone checks it again.
    body.push(
      shape.needsRecheck && drawn
        ? `<g data-needs-recheck="true" stroke-dasharray="${num(side * 0.012)} ${num(side * 0.008)}">${drawn}</g>`
        : drawn,
    )
  }
  const defs = arrowColours.size === 0 ? '' : `<defs>${[...arrowColours].map(arrowMarker).join('')}</defs>`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(size.width)}" height="${num(size.height)}">` +
    `<svg viewBox="0 0 ${num(size.width)} ${num(size.height)}" width="100%" height="100%" preserveAspectRatio="none">` +
    `${defs}${body.join('')}</svg>${pins.join('')}</svg>`
  )
}
