import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import {
  boundsOf,
  clampToImage,
  fromPixels,
  hitTest,
  MARKUP_COLOURS,
  MAX_PEN_POINTS,
  MAX_TEXT_LENGTH,
  moveShape,
  nextPinNumber,
  parseShape,
  parseStoredShape,
  MAX_STORED_SHAPE_LENGTH,
  PIN_LABEL_COLOUR,
  PIN_RADIUS,
  PIN_SCREEN_RADIUS,
  pinLabelSize,
  resizeShape,
  shapeText,
  storedShape,
  svgOf,
  toPixels,
  type ArrowShape,
  type EllipseShape,
  type PenShape,
  type PinShape,
  type RectShape,
  type Shape,
  type TextShape,
} from '#app/features/samples/markup/shapes'

const base = { colour: MARKUP_COLOURS.red, strokeWidth: 0.01, author: 'acct1', created: 1_700_000_000_000 }
const pen: PenShape = { ...base, id: 'pen1', kind: 'pen', points: [0.1, 0.1, 0.3, 0.1, 0.3, 0.4] }
const arrow: ArrowShape = { ...base, id: 'arrow1', kind: 'arrow', from: { x: 0.2, y: 0.2 }, to: { x: 0.6, y: 0.5 } }
const rect: RectShape = { ...base, id: 'rect1', kind: 'rect', x: 0.2, y: 0.3, width: 0.4, height: 0.2 }
const ellipse: EllipseShape = { ...base, id: 'ell1', kind: 'ellipse', cx: 0.5, cy: 0.5, rx: 0.2, ry: 0.1 }
const text: TextShape = { ...base, id: 'text1', kind: 'text', x: 0.1, y: 0.7, text: 'Raise hem 2cm', size: 0.04 }
const pin: PinShape = { ...base, id: 'pin1', kind: 'pin', x: 0.8, y: 0.2, number: 1, resolved: false }
const all: Shape[] = [pen, arrow, rect, ellipse, text, pin]

const small = { width: 800, height: 600 }
const large = { width: 1600, height: 1200 }

/** Compares every number of two shapes to a few decimals. */
function expectClose(actual: unknown, expected: unknown) {
  if (typeof expected === 'number') return expect(actual).toBeCloseTo(expected, 9)
  if (typeof expected === 'object' && expected !== null) {
    expect(Object.keys(actual as object).sort()).toEqual(Object.keys(expected).sort())
    for (const [key, value] of Object.entries(expected)) expectClose((actual as Record<string, unknown>)[key], value)
    return
  }
  expect(actual).toEqual(expected)
}

describe('toPixels and fromPixels', () => {
  it('scale x and widths with the width, y and heights with the height, strokes and text with the smaller side', () => {
    expect(toPixels(rect, small)).toMatchObject({ x: 160, y: 180, width: 320, height: 120, strokeWidth: 6 })
    expect(toPixels(ellipse, small)).toMatchObject({ cx: 400, cy: 300, rx: 160, ry: 60 })
    expect(toPixels(text, small)).toMatchObject({ x: 80, y: 420, size: 24 })
    expect(toPixels(pen, small)).toMatchObject({ points: [80, 60, 240, 60, 240, 240] })
    expect(toPixels(arrow, small)).toMatchObject({ from: { x: 160, y: 120 }, to: { x: 480, y: 300 } })
    expect(toPixels(pin, small)).toMatchObject({ x: 640, y: 120 })
    // On a portrait image the smaller side is the width.
    expect(toPixels(text, { width: 500, height: 1000 })).toMatchObject({ size: 20, strokeWidth: 5 })
  })

  it('give pixel values twice as large on an image twice the size, and the same shape back from both', () => {
    for (const shape of all) {
      const atSmall = toPixels(shape, small)
      const atLarge = toPixels(shape, large)
      expectClose(
        atLarge,
        JSON.parse(JSON.stringify(atSmall), (key, value) =>
          typeof value === 'number' && key !== 'created' && key !== 'number' ? value * 2 : value,
        ),
      )
      expectClose(fromPixels(atSmall, small), shape)
      expectClose(fromPixels(atLarge, large), shape)
    }
  })

  it('read a shape drawn in pixels as the same normalised shape at any display size', () => {
    const drawnSmall = { ...rect, x: 80, y: 60, width: 400, height: 300, strokeWidth: 3 }
    const drawnLarge = { ...rect, x: 160, y: 120, width: 800, height: 600, strokeWidth: 6 }
    expectClose(fromPixels(drawnSmall, small), fromPixels(drawnLarge, large))
    expectClose(fromPixels(drawnSmall, small), { ...rect, x: 0.1, y: 0.1, width: 0.5, height: 0.5, strokeWidth: 0.005 })
  })

  it('refuse a size that is not an image', () => {
    expect(() => fromPixels(rect, { width: 0, height: 600 })).toThrow(RangeError)
    expect(() => toPixels(rect, { width: 800, height: Number.NaN })).toThrow(RangeError)
  })
})

describe('clampToImage', () => {
  it('keeps points inside 0..1 and cuts boxes to the image', () => {
    expect(clampToImage({ ...pen, points: [-0.2, 0.5, 1.3, 1.1] }).points).toEqual([0, 0.5, 1, 1])
    expect(clampToImage({ ...arrow, from: { x: -0.1, y: 0.5 }, to: { x: 0.5, y: 1.4 } })).toMatchObject({
      from: { x: 0, y: 0.5 },
      to: { x: 0.5, y: 1 },
    })
    expectClose(clampToImage({ ...rect, x: -0.2, y: 0.8, width: 0.5, height: 0.5 }), {
      ...rect,
      x: 0,
      y: 0.8,
      width: 0.3,
      height: 0.2,
    })
    expectClose(clampToImage({ ...ellipse, cx: 0.9, cy: 0.5, rx: 0.2, ry: 0.1 }), {
      ...ellipse,
      cx: 0.85,
      cy: 0.5,
      rx: 0.15,
      ry: 0.1,
    })
    expect(clampToImage({ ...pin, x: 1.2, y: -0.3 })).toMatchObject({ x: 1, y: 0 })
    expect(clampToImage({ ...text, x: -0.5, y: 1.5 })).toMatchObject({ x: 0, y: 1 })
  })

  it('leaves a shape on the image as it is', () => {
    for (const shape of all) expect(clampToImage(shape)).toEqual(shape)
  })
})

describe('parseShape', () => {
  it('reads every kind of valid shape as a fresh equal object', () => {
    for (const shape of all) {
      const parsed = parseShape(JSON.parse(JSON.stringify(shape)))
      expect(parsed).toEqual(shape)
      expect(parsed).not.toBe(shape)
    }
    const withExtras = { ...pin, resolved: true, thread: 'thread_1', needsRecheck: true }
    expect(parseShape(withExtras)).toEqual(withExtras)
  })

  it('clamps coordinates a little off the image onto it, and reads a colour in capitals as the palette one', () => {
    expect(parseShape({ ...pen, points: [-0.4, 0.5, 1.5, 0.5] })).toMatchObject({ points: [0, 0.5, 1, 0.5] })
    expect(parseShape({ ...pin, x: 1.2 })).toMatchObject({ x: 1 })
    expect(parseShape({ ...rect, colour: MARKUP_COLOURS.blue.toUpperCase() })?.colour).toBe(MARKUP_COLOURS.blue)
  })

  it('refuses values that are not shape objects, and unknown kinds', () => {
    for (const bad of [null, undefined, 42, 'pen', [], [pen], { ...pen, kind: 'star' }, { ...pen, kind: undefined }]) {
      expect(parseShape(bad), JSON.stringify(bad)).toBeNull()
    }
    expect(parseShape(new Map(Object.entries(pen)))).toBeNull()
  })

  it('refuses NaN, Infinity, numbers as text and coordinates far off the image', () => {
    const bad: unknown[] = [
      { ...rect, x: Number.NaN },
      { ...rect, width: Number.POSITIVE_INFINITY },
      { ...ellipse, rx: Number.NEGATIVE_INFINITY },
      { ...rect, y: '0.3' },
      { ...rect, x: 1.6 },
      { ...rect, x: -0.6 },
      { ...rect, width: -0.1 },
      { ...ellipse, cx: 0.9, rx: 0.7 },
      { ...pen, points: [0.1, Number.NaN] },
      { ...pen, points: [0.1, 0.2, 0.3] },
      { ...pen, points: [] },
      { ...arrow, to: { x: 0.5, y: Number.POSITIVE_INFINITY } },
      { ...arrow, to: { x: 0.5 } },
      { ...arrow, to: [0.5, 0.5] },
      { ...rect, strokeWidth: Number.NaN },
      { ...rect, strokeWidth: 0.5 },
      { ...rect, created: Number.POSITIVE_INFINITY },
      { ...text, size: 0 },
      { ...pin, number: 1.5 },
      { ...pin, number: 0 },
      { ...pin, resolved: 'yes' },
    ]
    for (const value of bad) expect(parseShape(value), JSON.stringify(value)).toBeNull()
  })

  it('refuses colours outside the palette and anything that is not a colour', () => {
    for (const colour of ['#123456', 'red', '#e03131; background:url(x)', 'url(#x)', '', 0xe03131, null]) {
      expect(parseShape({ ...rect, colour }), String(colour)).toBeNull()
    }
  })

  it('refuses overlong, empty and control-character text, and too many pen points', () => {
    expect(parseShape({ ...text, text: 'x'.repeat(MAX_TEXT_LENGTH) })).not.toBeNull()
    expect(parseShape({ ...text, text: '🧵'.repeat(MAX_TEXT_LENGTH) })).not.toBeNull()
    expect(parseShape({ ...text, text: 'x'.repeat(MAX_TEXT_LENGTH + 1) })).toBeNull()
    expect(parseShape({ ...text, text: 'x'.repeat(10_000_000) })).toBeNull()
    expect(parseShape({ ...text, text: '   ' })).toBeNull()
    expect(parseShape({ ...text, text: 'bell\u0007' })).toBeNull()
    expect(parseShape({ ...text, text: 'two\nlines' })).not.toBeNull()
    const points = (count: number) => Array.from({ length: count * 2 }, (_, i) => (i % 7) / 10)
    expect(parseShape({ ...pen, points: points(MAX_PEN_POINTS) })).not.toBeNull()
    expect(parseShape({ ...pen, points: points(MAX_PEN_POINTS + 1) })).toBeNull()
  })

  it('refuses ids, authors and threads that are long or not plain keys', () => {
    expect(parseShape({ ...rect, id: 'a'.repeat(64) })).not.toBeNull()
    for (const id of ['a'.repeat(65), 'x'.repeat(1_000_000), '', 'has space', '../x', '<b>', 7]) {
      expect(parseShape({ ...rect, id }), String(id).slice(0, 20)).toBeNull()
    }
    expect(parseShape({ ...rect, author: 'a"b' })).toBeNull()
    expect(parseShape({ ...pin, thread: 'a/b' })).toBeNull()
  })

  it('refuses extra fields however small or large, and fields of another kind', () => {
    expect(parseShape({ ...rect, payload: 'x'.repeat(5_000_000) })).toBeNull()
    expect(parseShape({ ...rect, extra: 1 })).toBeNull()
    expect(parseShape({ ...rect, text: 'hi' })).toBeNull()
    expect(parseShape({ ...arrow, to: { x: 0.5, y: 0.5, z: 1 } })).toBeNull()
    expect(parseShape({ ...rect, needsRecheck: 'yes' })).toBeNull()
  })

  it('never throws, even on a getter that does', () => {
    const hostile = {
      ...rect,
      get x(): number {
        throw new Error('boom')
      },
    }
    expect(parseShape(hostile)).toBeNull()
    const proxy = new Proxy(
      { ...rect },
      {
        ownKeys: () => {
          throw new Error('boom')
        },
      },
    )
    expect(parseShape(proxy)).toBeNull()
  })
})

describe('storedShape and parseStoredShape', () => {
  it('gives back every kind of shape through its stored bytes and its text', () => {
    for (const shape of all) {
      const stored = storedShape(shape)
      expect(stored).toBeInstanceOf(Uint8Array)
      expect(new TextDecoder().decode(stored)).toBe(shapeText(shape))
      expect(parseStoredShape(stored)).toEqual(shape)
      expect(parseStoredShape(shapeText(shape))).toEqual(shape)
    }
  })

  it('keeps bytes in a Yjs document as bytes, through update format 2 and back to format 1', () => {
    const doc = new Y.Doc()
    doc.getMap('shapes').set(rect.id, storedShape(rect))
    const loaded = new Y.Doc()
    Y.applyUpdateV2(loaded, Y.encodeStateAsUpdateV2(doc))
    const browser = new Y.Doc()
    Y.applyUpdate(browser, Y.encodeStateAsUpdate(loaded))
    expect(browser.getMap('shapes').get(rect.id)).toBeInstanceOf(Uint8Array)
    expect(parseStoredShape(browser.getMap('shapes').get(rect.id))).toEqual(rect)
  })

  it('keeps four decimals of a fraction and whole numbers as they are', () => {
    const drawn: PenShape = { ...pen, created: 1_764_000_000_123, points: [0.123456789, 0.987654321, 1 / 3, 2 / 3] }
    const read = parseStoredShape(storedShape(drawn)) as PenShape
    expect(read.points).toEqual([0.1235, 0.9877, 0.3333, 0.6667])
    expect(read.created).toBe(1_764_000_000_123)
    const numbered = parseStoredShape(storedShape({ ...pin, number: 42 })) as PinShape
    expect(numbered.number).toBe(42)
  })

  it('reads a shape stored as a plain object too, as the first documents hold them', () => {
    expect(parseStoredShape({ ...rect })).toEqual(rect)
  })

  it('refuses text or bytes that are not JSON, too long, not UTF-8, or not a shape', () => {
    const bytes = (text: string) => new TextEncoder().encode(text)
    expect(parseStoredShape(bytes('{"id":'))).toBeNull()
    expect(parseStoredShape(bytes(JSON.stringify({ ...text, text: 'a'.repeat(MAX_STORED_SHAPE_LENGTH) })))).toBeNull()
    expect(parseStoredShape(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]))).toBeNull()
    expect(parseStoredShape(bytes('null'))).toBeNull()
    expect(parseStoredShape('{"id":')).toBeNull()
    expect(parseStoredShape(JSON.stringify({ ...rect, onload: 'x' }))).toBeNull()
    expect(parseStoredShape(JSON.stringify({ ...text, text: 'a'.repeat(MAX_STORED_SHAPE_LENGTH) }))).toBeNull()
    expect(parseStoredShape('null')).toBeNull()
    expect(parseStoredShape(42)).toBeNull()
  })

  it('has room for the longest pen stroke', () => {
    const longest: PenShape = {
      ...pen,
      points: Array.from({ length: MAX_PEN_POINTS * 2 }, (_, i) => (1234 + (i % 7) * 1000) / 10_000),
    }
    expect(parseStoredShape(storedShape(longest))).toEqual(longest)
  })
})

describe('boundsOf', () => {
  it('boxes each kind in normalised units', () => {
    expectClose(boundsOf(pen), { x: 0.1, y: 0.1, width: 0.2, height: 0.3 })
    expectClose(boundsOf(arrow), { x: 0.2, y: 0.2, width: 0.4, height: 0.3 })
    expectClose(boundsOf(rect), { x: 0.2, y: 0.3, width: 0.4, height: 0.2 })
    expectClose(boundsOf(ellipse), { x: 0.3, y: 0.4, width: 0.4, height: 0.2 })
    expectClose(boundsOf(pin), { x: 0.8, y: 0.2, width: 0, height: 0 })
  })

  it('estimates a text box from its longest line and line count, narrower on a wide image', () => {
    const twoLines = { ...text, text: 'abcd\nab', size: 0.05 }
    expectClose(boundsOf(twoLines), { x: 0.1, y: 0.7, width: 4 * 0.6 * 0.05, height: 2 * 1.2 * 0.05 })
    // At 2:1 the size is half the width, so the box is half as wide in normalised units.
    expectClose(boundsOf(twoLines, 2), { x: 0.1, y: 0.7, width: 4 * 0.6 * 0.05 * 0.5, height: 2 * 1.2 * 0.05 })
    expectClose(boundsOf(twoLines, 0.5), { x: 0.1, y: 0.7, width: 4 * 0.6 * 0.05, height: 2 * 1.2 * 0.05 * 0.5 })
  })
})

describe('hitTest', () => {
  const tolerance = 0.01

  it('finds a pen stroke and an arrow near their segments, not between them', () => {
    expect(hitTest([pen], { x: 0.2, y: 0.105 }, tolerance)).toBe('pen1')
    expect(hitTest([pen], { x: 0.305, y: 0.3 }, tolerance)).toBe('pen1')
    expect(hitTest([pen], { x: 0.2, y: 0.3 }, tolerance)).toBeNull()
    expect(hitTest([arrow], { x: 0.4, y: 0.35 }, tolerance)).toBe('arrow1')
    expect(hitTest([arrow], { x: 0.65, y: 0.55 }, tolerance)).toBeNull()
    expect(hitTest([arrow], { x: 0.4, y: 0.45 }, tolerance)).toBeNull()
  })

  it('finds a rectangle and an ellipse on their outline, not inside, since they are drawn unfilled', () => {
    expect(hitTest([rect], { x: 0.4, y: 0.305 }, tolerance)).toBe('rect1')
    expect(hitTest([rect], { x: 0.595, y: 0.4 }, tolerance)).toBe('rect1')
    expect(hitTest([rect], { x: 0.4, y: 0.4 }, tolerance)).toBeNull()
    expect(hitTest([rect], { x: 0.4, y: 0.25 }, tolerance)).toBeNull()
    expect(hitTest([ellipse], { x: 0.7, y: 0.5 }, tolerance)).toBe('ell1')
    expect(hitTest([ellipse], { x: 0.5, y: 0.405 }, tolerance)).toBe('ell1')
    expect(hitTest([ellipse], { x: 0.5, y: 0.5 }, tolerance)).toBeNull()
    expect(hitTest([ellipse], { x: 0.69, y: 0.41 }, tolerance)).toBeNull()
  })

  it('finds text anywhere in its box and a pin within its radius', () => {
    expect(hitTest([text], { x: 0.15, y: 0.72 }, tolerance)).toBe('text1')
    expect(hitTest([text], { x: 0.15, y: 0.8 }, tolerance)).toBeNull()
    expect(hitTest([pin], { x: 0.8 + PIN_RADIUS, y: 0.2 }, tolerance)).toBe('pin1')
    expect(hitTest([pin], { x: 0.8 + PIN_RADIUS + tolerance + 0.001, y: 0.2 }, tolerance)).toBeNull()
  })

  it('widens the reach by the tolerance', () => {
    expect(hitTest([rect], { x: 0.4, y: 0.28 }, tolerance)).toBeNull()
    expect(hitTest([rect], { x: 0.4, y: 0.28 }, 0.03)).toBe('rect1')
  })

  it('returns the topmost shape, the last drawn, where shapes overlap', () => {
    const pinOnLine = { ...pin, id: 'pin2', x: 0.2, y: 0.1 }
    expect(hitTest([pen, pinOnLine], { x: 0.2, y: 0.1 }, tolerance)).toBe('pin2')
    expect(hitTest([pinOnLine, pen], { x: 0.2, y: 0.1 }, tolerance)).toBe('pen1')
    expect(hitTest(all, { x: 0.95, y: 0.95 }, tolerance)).toBeNull()
    expect(hitTest([], { x: 0.5, y: 0.5 }, tolerance)).toBeNull()
  })
})

describe('moveShape', () => {
  it('moves every kind by the delta', () => {
    expectClose(moveShape(rect, 0.1, -0.1), { ...rect, x: 0.3, y: 0.2 })
    expectClose(moveShape(ellipse, -0.1, 0.2), { ...ellipse, cx: 0.4, cy: 0.7 })
    expectClose(moveShape(pen, 0.1, 0.1), { ...pen, points: [0.2, 0.2, 0.4, 0.2, 0.4, 0.5] })
    expectClose(moveShape(arrow, 0.1, 0), { ...arrow, from: { x: 0.3, y: 0.2 }, to: { x: 0.7, y: 0.5 } })
    expectClose(moveShape(pin, -0.3, 0.3), { ...pin, x: 0.5, y: 0.5 })
  })

  it('stops at the edges, keeping the whole box and its shape on the image', () => {
    expectClose(moveShape(rect, 0.9, 0.9), { ...rect, x: 0.6, y: 0.8 })
    expectClose(moveShape(rect, -0.9, -0.9), { ...rect, x: 0, y: 0 })
    expectClose(moveShape(ellipse, 5, 0), { ...ellipse, cx: 0.8 })
    expectClose(moveShape(pen, -1, 1), { ...pen, points: [0, 0.7, 0.2, 0.7, 0.2, 1] })
    expectClose(moveShape(pin, 1, -1), { ...pin, x: 1, y: 0 })
    const moved = moveShape(text, 1, 0)
    expect(moved.x + boundsOf(moved).width).toBeCloseTo(1, 9)
  })
})

describe('resizeShape', () => {
  const box = { x: 0.1, y: 0.1, width: 0.8, height: 0.4 }

  it('fits rectangles and ellipses to the new box', () => {
    expectClose(resizeShape(rect, box), { ...rect, ...box })
    expectClose(resizeShape(ellipse, box), { ...ellipse, cx: 0.5, cy: 0.3, rx: 0.4, ry: 0.2 })
  })

  it('scales pen strokes and arrows point by point into the new box', () => {
    // The pen's box is 0.1,0.1 0.2×0.3: x scales by 4, y by 4/3.
    expectClose(resizeShape(pen, box), { ...pen, points: [0.1, 0.1, 0.9, 0.1, 0.9, 0.5] })
    expectClose(resizeShape(arrow, box), { ...arrow, from: { x: 0.1, y: 0.1 }, to: { x: 0.9, y: 0.5 } })
    expectClose(boundsOf(resizeShape(pen, box)), box)
  })

  it('moves text and pins to the box without resizing them', () => {
    expectClose(resizeShape(text, box), { ...text, x: 0.1, y: 0.1 })
    expectClose(resizeShape(pin, box), { ...pin, x: 0.1, y: 0.1 })
  })

  it('reads a box dragged past its opposite corner, and cuts it to the image', () => {
    expectClose(resizeShape(rect, { x: 0.5, y: 0.5, width: -0.2, height: -0.1 }), {
      ...rect,
      x: 0.3,
      y: 0.4,
      width: 0.2,
      height: 0.1,
    })
    expectClose(resizeShape(rect, { x: 0.8, y: -0.1, width: 0.5, height: 0.3 }), {
      ...rect,
      x: 0.8,
      y: 0,
      width: 0.2,
      height: 0.2,
    })
  })
})

describe('nextPinNumber', () => {
  it('is 1 without pins, else one more than the highest, gaps and order aside', () => {
    expect(nextPinNumber([])).toBe(1)
    expect(nextPinNumber([pen, rect])).toBe(1)
    expect(nextPinNumber([{ ...pin, number: 4 }, rect, { ...pin, id: 'p2', number: 2 }])).toBe(5)
  })
})

describe('svgOf', () => {
  it('is an SVG of the image size with each kind drawn in pixels', () => {
    const svg = svgOf(all, small)
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="800" height="600"><svg viewBox="0 0 800 600" width="100%" height="100%" preserveAspectRatio="none">/,
    )
    expect(svg.endsWith('</svg>')).toBe(true)
    expect(svg).toContain('<path d="M80 60 L240 60 L240 240"')
    expect(svg).toContain('<rect x="160" y="180" width="320" height="120"')
    expect(svg).toContain('<ellipse cx="400" cy="300" rx="160" ry="60"')
    expect(svg).toContain('<line x1="160" y1="120" x2="480" y2="300"')
    expect(svg).toContain('marker-end="url(#markup-arrow-red)"')
    expect(svg).toContain('<marker id="markup-arrow-red"')
    expect(svg).toContain('>Raise hem 2cm</tspan>')
  })

  it('draws pins as numbered circles of one size on screen, above the other shapes, resolved ones faded', () => {
    const svg = svgOf([pin, { ...pin, id: 'pin2', number: 2, resolved: true }, rect], small)
    // In percentages of the picture and CSS pixels, outside the inner SVG that scales with it.
    expect(svg).toContain(`<g><circle cx="80%" cy="20%" r="${PIN_SCREEN_RADIUS}"`)
    expect(PIN_SCREEN_RADIUS * 2).toBeGreaterThanOrEqual(24)
    expect(svg.indexOf('<circle')).toBeGreaterThan(svg.indexOf('</svg>'))
    expect(svg.indexOf('<rect')).toBeLessThan(svg.indexOf('</svg>'))
    expect(svg).toMatch(/<g><circle[^>]*\/><text[^>]*font-size="14"[^>]*>1<\/text><\/g>/)
    expect(svg).toMatch(/<g opacity="0.4"><circle[^>]*\/><text[^>]*>2<\/text><\/g>/)
    expect(svg).not.toContain('<marker')
  })

  it('fits three and four digit pin numbers in the pin', () => {
    expect([1, 99, 100, 9999].map(pinLabelSize)).toEqual([14, 14, 11, 9])
  })

  it('escapes text so it can never become markup', () => {
    const attack = { ...text, text: '<script>alert("x")</script> & \'quotes\' ]]> <img src=x onerror=alert(1)>' }
    const svg = svgOf([attack], small)
    expect(svg).not.toContain('<script')
    expect(svg).not.toContain('<img')
    expect(svg).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39; ]]&gt; &lt;img src=x onerror=alert(1)&gt;',
    )
    expect(svgOf([{ ...text, text: 'a\u0000b' }], small)).toContain('>ab</tspan>')
  })

  it('writes each line of text as its own line', () => {
    const svg = svgOf([{ ...text, text: 'one\ntwo' }], small)
    expect(svg).toMatch(/<tspan x="80" y="420">one<\/tspan><tspan x="80" y="[\d.]+">two<\/tspan>/)
  })

  it('emits only palette colours, whatever colour a shape claims', () => {
    const forged = all.map((shape) => ({ ...shape, colour: '#123456" onload="alert(1)' }) as unknown as Shape)
    const svg = svgOf([...all, ...forged, { ...arrow, id: 'a2', colour: MARKUP_COLOURS.blue }], small)
    expect(svg).not.toContain('#123456')
    expect(svg).not.toContain('onload')
    const allowed = [...Object.values(MARKUP_COLOURS), PIN_LABEL_COLOUR]
    const emitted = svg.match(/#[0-9a-fA-F]{3,8}\b/g) ?? []
    expect(emitted.length).toBeGreaterThan(0)
    for (const colour of emitted) expect(allowed).toContain(colour)
    expect(svg).toContain(`fill="${MARKUP_COLOURS.blue}"`)
  })

  it('writes no NaN or Infinity, even for a broken shape', () => {
    const svg = svgOf([{ ...rect, x: Number.NaN, width: Number.POSITIVE_INFINITY }], small)
    expect(svg).not.toMatch(/NaN|Infinity/)
  })
})
