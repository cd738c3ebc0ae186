// The line sheet drawn as a PDF with PDFKit (docs/decisions/183): the brand's logo and the title
// on top, then twelve style cards a page (picture, name and number, colours with their swatches,
// sizes, wholesale and retail prices), page numbers at the foot. Pages are written as they are
// drawn and wait for a slow reader, so a long sheet is never held whole.
import { PassThrough, type Readable } from 'node:stream'
import PDFDocument from 'pdfkit'
import { readerCaughtUp } from '#app/infra/streams.server'
import { pdfFonts, type FontWeight, type PdfFont } from '#app/infra/pdf-fonts.server'
import type { StyleCard } from './line-sheet'

export type Paper = 'A4' | 'LETTER'

export interface LineSheetDrawing {
  brandName: string
  title: string
  /** "December 7, 2026". */
  dated: string
  paper: Paper
  /** PNG or JPEG bytes of the brand's logo, or null for the brand's name in its place. */
  logo: Uint8Array | null
  cards: StyleCard[]
}

/** JPEG bytes of each card's picture, in order; null draws an empty frame. */
export type PicturesOf = (cards: StyleCard[]) => Promise<(Uint8Array | null)[]>

const MARGIN = 36
const COLUMNS = 4
const ROWS = 3
const GAP_X = 14
const GAP_Y = 10
const HEADER = 70
const FOOTER = 24
const INK = '#1f1f1f'
const MUTED = '#6b6b6b'
const LINE = '#d9d9d9'
const FRAME = '#f4f3f1'

type Doc = PDFKit.PDFDocument

/** Bytes that came over a worker's message, as PDFKit takes them (no copy). */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/** Hebrew and Arabic letters: their words read right to left. */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/

/** Registers this weight's fonts in `doc` once; null when the machine has none (Helvetica then). */
function useFonts(doc: Doc, weight: FontWeight): (font: PdfFont | null) => string {
  const set = pdfFonts(weight)
  for (const font of set.fonts) doc.registerFont(font.name, font.data, font.face ?? '')
  return (font) => font?.name ?? (weight === 'bold' ? 'Helvetica-Bold' : 'Helvetica')
}

/** What Helvetica cannot print (it knows Western European letters only) becomes "?". */
const helveticaSafe = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2019\u2026]/g, '?')

interface Writer {
  doc: Doc
  fontName: Record<FontWeight, (font: PdfFont | null) => string>
}

/** One line of text at (x, y), in as many fonts as its scripts need, cut with "…" to fit `width`. */
function line(
  writer: Writer,
  value: string,
  at: { x: number; y: number; width: number; size: number; weight?: FontWeight; color?: string; align?: 'right' },
): void {
  const { doc } = writer
  const weight = at.weight ?? 'regular'
  const runsOf = (text: string) =>
    pdfFonts(weight)
      .runs(text)
      .map((run) => ({ name: writer.fontName[weight](run.font), text: run.font ? run.text : helveticaSafe(run.text) }))
  const widthOf = (runs: { name: string; text: string }[]) =>
    runs.reduce((sum, run) => sum + doc.font(run.name).fontSize(at.size).widthOfString(run.text), 0)
  let chars = [...value]
  let runs = runsOf(value)
  let width = widthOf(runs)
  while (width > at.width && chars.length > 0) {
    // Cut a few letters at a time while far too long, one at a time near the end.
    chars = chars.slice(
      0,
      Math.max(0, chars.length - Math.max(1, Math.floor(chars.length * (1 - at.width / width) * 0.8))),
    )
    runs = runsOf(`${chars.join('').trimEnd()}…`)
    width = widthOf(runs)
  }
  let x = at.align === 'right' ? at.x + at.width - width : at.x
  doc.fillColor(at.color ?? INK)
  // One baseline for every run: fonts differ in ascent, and a top-aligned CJK run would sit low.
  const draw = (text: string) => {
    doc.text(text, x, at.y + at.size, { lineBreak: false, baseline: 'alphabetic' })
    x += doc.widthOfString(text)
  }
  for (const run of runs) {
    doc.font(run.name).fontSize(at.size)
    if (!RIGHT_TO_LEFT.test(run.text)) {
      draw(run.text)
      continue
    }
    // PDFKit shapes each Arabic or Hebrew word right to left but drops the space between words:
    // the words are set one by one, the first on the right.
    const space = doc.widthOfString(' ')
    run.text
      .split(' ')
      .reverse()
      .forEach((word, index) => {
        if (index > 0) x += space
        if (word) draw(word)
      })
  }
}

function header(writer: Writer, drawing: LineSheetDrawing, pageWidth: number, cardsCount: number): void {
  const { doc } = writer
  const width = pageWidth - MARGIN * 2
  if (drawing.logo) {
    doc.image(asBuffer(drawing.logo), MARGIN, MARGIN, { fit: [150, 34], valign: 'center' })
  } else {
    line(writer, drawing.brandName, { x: MARGIN, y: MARGIN + 8, width: width / 2, size: 16, weight: 'bold' })
  }
  line(writer, drawing.title, { x: MARGIN, y: MARGIN + 40, width: width * 0.7, size: 13, weight: 'bold' })
  const count = `${cardsCount} ${cardsCount === 1 ? 'style' : 'styles'} · ${drawing.dated}`
  line(writer, count, {
    x: MARGIN + width * 0.7,
    y: MARGIN + 43,
    width: width * 0.3,
    size: 8.5,
    color: MUTED,
    align: 'right',
  })
  doc
    .moveTo(MARGIN, MARGIN + HEADER - 8)
    .lineTo(pageWidth - MARGIN, MARGIN + HEADER - 8)
    .lineWidth(0.5)
    .strokeColor(LINE)
    .stroke()
}

function footer(writer: Writer, drawing: LineSheetDrawing, size: { width: number; height: number }, page: number) {
  const y = size.height - MARGIN - FOOTER + 10
  const width = size.width - MARGIN * 2
  line(writer, `${drawing.brandName} · ${drawing.title}`, { x: MARGIN, y, width: width - 60, size: 7.5, color: MUTED })
  line(writer, `Page ${page}`, { x: MARGIN + width - 60, y, width: 60, size: 7.5, color: MUTED, align: 'right' })
}

function card(
  writer: Writer,
  style: StyleCard,
  picture: Uint8Array | null,
  box: { x: number; y: number; width: number; height: number },
) {
  const { doc } = writer
  const imageHeight = box.height - 70
  doc.rect(box.x, box.y, box.width, imageHeight).fillColor(FRAME).fill()
  if (picture) {
    doc.image(asBuffer(picture), box.x, box.y, { fit: [box.width, imageHeight], align: 'center', valign: 'center' })
  } else {
    line(writer, 'No picture', {
      x: box.x + 8,
      y: box.y + imageHeight / 2 - 4,
      width: box.width - 16,
      size: 7.5,
      color: MUTED,
    })
  }
  let y = box.y + imageHeight + 6
  const text = (value: string, size: number, weight: FontWeight = 'regular', color = INK, x = box.x) => {
    line(writer, value, { x, y, width: box.x + box.width - x, size, weight, color })
    y += size + 3.5
  }
  text(style.name || style.number || 'Unnamed style', 8.5, 'bold')
  text(style.number ? `No. ${style.number}` : ' ', 7.5, 'regular', MUTED)
  // Colours: a swatch for each that has its hex code, then the names.
  let x = box.x
  for (const colour of style.colours.slice(0, 8)) {
    if (!colour.hex) continue
    doc
      .rect(x, y + 0.5, 6, 6)
      .fillColor(colour.hex)
      .strokeColor(LINE)
      .lineWidth(0.4)
      .fillAndStroke()
    x += 8
  }
  text(
    style.colours.length > 0 ? style.colours.map((colour) => colour.name).join(', ') : 'Colours: —',
    7.5,
    'regular',
    INK,
    x + (x > box.x ? 2 : 0),
  )
  text(style.sizes.length > 0 ? `Sizes ${style.sizes.join(' · ')}` : 'Sizes —', 7.5)
  text(style.wholesale.length > 0 ? `Wholesale ${style.wholesale.join(' · ')}` : 'Wholesale —', 7.5)
  if (style.retail.length > 0) text(`Retail ${style.retail.join(' · ')}`, 7.5)
}

/**
 * The line sheet as a stream of PDF bytes. Pictures are asked for a page at a time (twelve at
 * once); between pages the drawing waits while the reader has not taken what was written. Runs in
 * a worker thread (line-sheet.worker.ts): embedding a CJK font's glyphs alone holds a thread for
 * a tenth of a second.
 */
export function drawLineSheet(drawing: LineSheetDrawing, picturesOf: PicturesOf): Readable {
  const out = new PassThrough()
  const doc = new PDFDocument({
    size: drawing.paper,
    margin: 0,
    info: { Title: `${drawing.brandName} — ${drawing.title}`, Author: drawing.brandName },
  })
  doc.pipe(out)
  void (async () => {
    const writer: Writer = { doc, fontName: { regular: useFonts(doc, 'regular'), bold: useFonts(doc, 'bold') } }
    const size = { width: doc.page.width, height: doc.page.height }
    const cardWidth = (size.width - MARGIN * 2 - GAP_X * (COLUMNS - 1)) / COLUMNS
    const cardHeight = (size.height - MARGIN * 2 - HEADER - FOOTER - GAP_Y * (ROWS - 1)) / ROWS
    const perPage = COLUMNS * ROWS
    const pages = Math.max(1, Math.ceil(drawing.cards.length / perPage))
    for (let page = 0; page < pages; page++) {
      if (page > 0) doc.addPage({ size: drawing.paper, margin: 0 })
      header(writer, drawing, size.width, drawing.cards.length)
      const onPage = drawing.cards.slice(page * perPage, (page + 1) * perPage)
      const pictures = await picturesOf(onPage)
      for (const [index, style] of onPage.entries()) {
        const column = index % COLUMNS
        const row = Math.floor(index / COLUMNS)
        card(writer, style, pictures[index] ?? null, {
          x: MARGIN + column * (cardWidth + GAP_X),
          y: MARGIN + HEADER + row * (cardHeight + GAP_Y),
          width: cardWidth,
          height: cardHeight,
        })
      }
      footer(writer, drawing, size, page + 1)
      await readerCaughtUp(out)
      if (out.destroyed) return
    }
    doc.end()
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))))
  return out
}
