// SVG for the overlay rendered on the server (when JavaScript is off).
import { pairsOf } from './shape-geometry'
import {
  CONTROL_GLOBAL,
  MARKUP_COLOURS,
  PIN_RADIUS,
  TEXT_LINE_HEIGHT,
  isMarkupColour,
  scaleOf,
  toPixels,
  type ImageSize,
  type MarkupColour,
  type MarkupColourName,
  type PixelShape,
  type Shape,
} from './shape-types'

/** Opacity of a resolved pin: still there to read, no longer asking for attention. */
export const RESOLVED_PIN_OPACITY = 0.4
/** The number inside a pin. The only colour drawn that is not from the palette, and a constant. */
export const PIN_LABEL_COLOUR = '#ffffff'
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

function svgOfShape(shape: PixelShape, side: number): string {
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
    case 'pin': {
      const radius = PIN_RADIUS * side
      const opacity = shape.resolved ? ` opacity="${RESOLVED_PIN_OPACITY}"` : ''
      const label = Number.isSafeInteger(shape.number) ? String(shape.number) : ''
      return (
        `<g${opacity}><circle cx="${num(shape.x)}" cy="${num(shape.y)}" r="${num(radius)}" fill="${colour}"/>` +
        `<text x="${num(shape.x)}" y="${num(shape.y)}" font-family="${FONT}" font-size="${num(radius * 1.1)}" ` +
        `font-weight="bold" fill="${PIN_LABEL_COLOUR}" text-anchor="middle" dominant-baseline="central">${label}</text></g>`
      )
    }
    case 'pin3d':
      return ''
  }
}

/**
 * The shapes as an SVG document of the image's pixel size, to lay over the image. Text is escaped,
 * colours are only ever the palette's, pins are numbered circles (resolved ones faded) and arrows
 * end in a head.
 */
export function svgOf(shapes: readonly Shape[], size: ImageSize): string {
  const { side } = scaleOf(size)
  const arrowColours = new Set<MarkupColour>()
  const body: string[] = []
  for (const shape of shapes) {
    const pixels = toPixels(shape, size)
    if (pixels.kind === 'arrow') arrowColours.add(safeColour(pixels.colour))
    const drawn = svgOfShape(pixels, side)
    // Carried over from the previous version: dashed until someone checks it again.
    body.push(
      shape.needsRecheck && drawn
        ? `<g data-needs-recheck="true" stroke-dasharray="${num(side * 0.012)} ${num(side * 0.008)}">${drawn}</g>`
        : drawn,
    )
  }
  const defs = arrowColours.size === 0 ? '' : `<defs>${[...arrowColours].map(arrowMarker).join('')}</defs>`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${num(size.width)} ${num(size.height)}" ` +
    `width="${num(size.width)}" height="${num(size.height)}">${defs}${body.join('')}</svg>`
  )
}
