// One rule for every text that comes in, whatever the entry point (docs/decisions/146): the JSON
// API, page forms, addresses, socket events. Control characters other than tab, line feed and
// carriage return are refused (NUL cannot be stored at all; the others are invisible, break
// exports and spoof what a reader sees), and so are UTF-16 halves without their pair, which no
// text encoding can write. Spreadsheet cells are the exception: a file's cell loses them instead
// (app/features/imports/reader.ts), so one stray byte in a 100,000-row file does not refuse it all.
// Names of files and folders follow the rule too, and lose the bidirectional controls besides
// (docs/decisions/165).

/** C0 controls but tab, LF and CR; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/

/** Halves of a surrogate pair standing alone. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
const LONE_SURROGATE_ONCE = new RegExp(LONE_SURROGATE.source)

export const TEXT_REFUSED = 'must not contain control characters.'

/** Whether a string breaks the rule. */
export function isForbiddenText(text: string): boolean {
  return CONTROL.test(text) || LONE_SURROGATE_ONCE.test(text)
}

/** The text with every forbidden character removed (for spreadsheet cells). */
export function withoutForbiddenText(text: string): string {
  if (!isForbiddenText(text)) return text
  return text.replace(new RegExp(CONTROL.source, 'g'), '').replace(LONE_SURROGATE, '')
}

/**
 * The path of the first key or string that breaks the rule in a parsed value (`items.0.name`,
 * `body` for a bare string), or null. Iterative, so a deeply nested value cannot exhaust the stack.
 */
export function forbiddenTextPath(value: unknown, root = 'body'): string | null {
  const pending: { value: unknown; path: string }[] = [{ value, path: root }]
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!
    if (typeof current === 'string') {
      if (isForbiddenText(current)) return path
      continue
    }
    if (current === null || typeof current !== 'object') continue
    for (const key of Object.keys(current)) {
      const keyPath = path === root ? key : `${path}.${key}`
      if (isForbiddenText(key)) return keyPath
      pending.push({ value: (current as Record<string, unknown>)[key], path: keyPath })
    }
  }
  return null
}

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). Invisible, and
 * they reorder what follows them: `x\u202Efdp.exe` reads as `xexe.pdf`.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/g

/** The text without bidirectional controls (for names a person typed, which are checked apart). */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROL, '')
}

/** Every control character, tab and line breaks included: none belongs in a file's name. */
// eslint-disable-next-line no-control-regex
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F]/g

/**
 * A file's name as a computer sent it (an upload's name, a spreadsheet's), kept but for the
 * characters no name should hold: controls, bidirectional controls and lone surrogate halves.
 * Lone halves go first: every half left is then in a pair, which no later removal can part, and
 * no removal can join two halves the sender kept apart. May answer '' (the caller names the file).
 */
export function cleanFileName(name: string): string {
  return name.replace(LONE_SURROGATE, '').replace(ANY_CONTROL, '').replace(BIDI_CONTROL, '')
}
