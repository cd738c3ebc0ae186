// Fonts for the PDFs the portal writes (line sheets, docs/decisions/183). Names come in every
// script (decision 175), and PDF's built-in Helvetica prints only Western European letters, so
// the portal uses the machine's Noto fonts (Debian: fonts-noto-core and fonts-noto-cjk, which the
// Dockerfile and .ci/run install), or DejaVu / Liberation where Noto is missing. Each text is cut
// into runs, each run printed in the first font that has all its letters.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import * as fontkit from 'fontkit'
import { logEvent } from '#app/infra/error-reporting.server'

export type FontWeight = 'regular' | 'bold'

/** A font file found on this machine, read once per process. */
export interface PdfFont {
  /** The name a PDF document registers it under. */
  name: string
  data: Buffer
  /** The face inside a collection (.ttc), by its PostScript name. */
  face?: string
  covers(codePoint: number): boolean
}

interface Candidate {
  /** File names to look for, best first, for the regular and the bold weight. */
  regular: string[]
  bold: string[]
  face?: { regular: string; bold: string }
  /** Only used for runs of this script (a CJK face for Han, kana and Hangul). */
  script?: RegExp
}

const KANA = /[\u3040-\u30ff\u31f0-\u31ff]/
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/

const cjk = (region: string, script?: RegExp): Candidate => ({
  regular: ['NotoSansCJK-Regular.ttc'],
  bold: ['NotoSansCJK-Bold.ttc', 'NotoSansCJK-Regular.ttc'],
  face: { regular: `NotoSansCJK${region}-Regular`, bold: `NotoSansCJK${region}-Bold` },
  script,
})

/** Best first: the first font that covers a run prints it. */
const CANDIDATES: Candidate[] = [
  {
    regular: ['NotoSans-Regular.ttf', 'DejaVuSans.ttf', 'LiberationSans-Regular.ttf'],
    bold: ['NotoSans-Bold.ttf', 'DejaVuSans-Bold.ttf', 'LiberationSans-Bold.ttf'],
  },
  { regular: ['NotoSansArabic-Regular.ttf'], bold: ['NotoSansArabic-Bold.ttf'] },
  { regular: ['NotoSansHebrew-Regular.ttf'], bold: ['NotoSansHebrew-Bold.ttf'] },
  { regular: ['NotoSansThai-Regular.ttf'], bold: ['NotoSansThai-Bold.ttf'] },
  { regular: ['NotoSansDevanagari-Regular.ttf'], bold: ['NotoSansDevanagari-Bold.ttf'] },
  // Han is drawn the Japanese way in text with kana, the Korean way with Hangul, else the Chinese way.
  cjk('jp', KANA),
  cjk('kr', HANGUL),
  cjk('sc'),
  { regular: ['DejaVuSans.ttf'], bold: ['DejaVuSans-Bold.ttf'] },
]

/** Where fonts live on Linux and macOS; PDF_FONTS_DIR adds a folder of one's own, looked at first. */
function fontDirs(): string[] {
  const home = process.env.HOME
  return [
    process.env.PDF_FONTS_DIR,
    '/usr/share/fonts',
    '/usr/local/share/fonts',
    home ? path.join(home, '.local/share/fonts') : undefined,
    '/Library/Fonts',
    '/System/Library/Fonts',
  ].filter((dir): dir is string => Boolean(dir))
}

/** Every font file under the font folders, by file name (the first found wins). */
function indexFontFiles(): Map<string, string> {
  const found = new Map<string, string>()
  const walk = (dir: string, depth: number) => {
    let names: string[]
    try {
      names = readdirSync(dir)
    } catch {
      return
    }
    for (const name of names) {
      const full = path.join(dir, name)
      if (/\.(ttf|otf|ttc)$/i.test(name)) {
        if (!found.has(name)) found.set(name, full)
      } else if (depth < 4) {
        try {
          if (statSync(full).isDirectory()) walk(full, depth + 1)
        } catch {
          // A link to nowhere: not a font.
        }
      }
    }
  }
  for (const dir of fontDirs()) walk(dir, 0)
  return found
}

export interface FontSet {
  /** The fonts found, best first, for one weight; empty when the machine has none of them. */
  fonts: PdfFont[]
  /** The font for `text`'s runs, one after another. */
  runs(text: string): { font: PdfFont | null; text: string }[]
}

const loaded = new Map<FontWeight, FontSet>()

/** The fonts of one weight, found and read at the first PDF, then kept. */
export function pdfFonts(weight: FontWeight): FontSet {
  const known = loaded.get(weight)
  if (known) return known
  const files = indexFontFiles()
  const fileData = new Map<string, Buffer>()
  const fonts: { font: PdfFont; script?: RegExp }[] = []
  CANDIDATES.forEach((candidate, index) => {
    const names = weight === 'bold' ? [...candidate.bold, ...candidate.regular] : candidate.regular
    const file = names.map((name) => files.get(name)).find(Boolean)
    if (!file) return
    const face = candidate.face?.[weight === 'bold' && file.endsWith('Bold.ttc') ? 'bold' : 'regular']
    try {
      const data = fileData.get(file) ?? readFileSync(file)
      fileData.set(file, data)
      const opened = fontkit.create(data, face)
      if (!('hasGlyphForCodePoint' in opened)) return
      fonts.push({
        font: {
          name: `${weight}-${index}`,
          data,
          face,
          covers: (codePoint) => opened.hasGlyphForCodePoint(codePoint),
        },
        script: candidate.script,
      })
    } catch (error) {
      logEvent('warn', 'A font file could not be read; PDFs use the next font.', {
        file,
        error: error instanceof Error ? error.message : String(error),
      })
    }
  })
  if (fonts.length === 0) {
    logEvent(
      'warn',
      'No Noto, DejaVu or Liberation font found: line sheets print in Helvetica, Western European letters only. Install fonts-noto-core and fonts-noto-cjk, or set PDF_FONTS_DIR.',
    )
  }
  const set: FontSet = {
    fonts: fonts.map(({ font }) => font),
    runs: (text) => splitRuns(text, fonts),
  }
  loaded.set(weight, set)
  return set
}

/**
 * `text` cut where the font that prints it changes. A character no font has keeps the run's font
 * (spaces and joiners stay with their neighbours); with no fonts at all the whole text is one run.
 */
function splitRuns(
  text: string,
  fonts: { font: PdfFont; script?: RegExp }[],
): { font: PdfFont | null; text: string }[] {
  if (fonts.length === 0) return [{ font: null, text }]
  const usable = fonts.filter(({ script }) => !script || script.test(text))
  const runs: { font: PdfFont | null; text: string }[] = []
  for (const char of text) {
    const codePoint = char.codePointAt(0)!
    const current = runs.at(-1)
    // Spaces and marks print in whatever font the run already has.
    if (current && (current.font?.covers(codePoint) || /[\s\p{M}\u200d]/u.test(char))) {
      current.text += char
      continue
    }
    const font =
      usable.find(({ font: candidate }) => candidate.covers(codePoint))?.font ?? current?.font ?? usable[0]!.font
    if (current && current.font === font) current.text += char
    else runs.push({ font, text: char })
  }
  return runs
}
