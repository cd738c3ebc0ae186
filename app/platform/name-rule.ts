// Names as brands write them (docs/decisions/175): style, line, collection and material names take
// the letters of every script with their marks, digits, spaces and the punctuation names carry
// ("T-Shirt Classic", "Men's Robe", "Robe d'été à fleurs", "Mens Tee & Co", "Tee (Red) #2").
// What is refused is told by kind, after the field's own message: control and invisible
// characters, emoji, markup, and any other sign by name.

/** Punctuation a product name may carry, shown in messages in this order. */
export const NAME_PUNCTUATION = `- – ' ’ ‘ & . , / ( ) + # : ! ? % " “ ” _ ° ™ ® ©`

const PUNCTUATION = new Set(NAME_PUNCTUATION.split(' '))
const LETTER_OR_DIGIT = /[\p{L}\p{Nd}]/u
const LETTER_DIGIT_OR_MARK = /^[\p{L}\p{M}\p{Nd}]$/u
/** Zero-width (non-)joiners: part of how Persian, Hindi and other scripts spell some words. */
const JOINERS = new Set(['\u200C', '\u200D'])
const CONTROL = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]$/u
const EMOJI = /^[\p{Extended_Pictographic}\p{Regional_Indicator}\uFE0F\u20E3]$/u
/** Spaces other than the plain space: a no-break or thin space reads as one but does not match. */
const OTHER_SPACE = /^\p{Zs}$/u

export const NAME_MESSAGES = {
  control: 'Control and invisible characters are not allowed.',
  emoji: 'Emoji are not allowed.',
  markup: 'The characters < and > are not allowed.',
  space: 'Use plain spaces only.',
  noLetter: 'A name needs at least one letter or digit.',
  markFirst: 'A name cannot start with an accent on its own.',
  sign: (sign: string) => `The character ${sign} is not allowed; letters, digits, spaces and ${NAME_PUNCTUATION} are.`,
} as const

/**
 * Why a name is refused, as a sentence to put after the field's message, or null when it is a
 * name. The value is read as given (the caller trims it and composes its accents first).
 */
export function nameRefusal(value: string): string | null {
  const signs = Array.from(value)
  if (/^\p{M}/u.test(value)) return NAME_MESSAGES.markFirst
  for (const [index, sign] of signs.entries()) {
    if (sign === ' ' || LETTER_DIGIT_OR_MARK.test(sign) || PUNCTUATION.has(sign)) continue
    if (JOINERS.has(sign) && betweenLetters(signs, index)) continue
    if (sign === '<' || sign === '>') return NAME_MESSAGES.markup
    if (EMOJI.test(sign)) return NAME_MESSAGES.emoji
    if (CONTROL.test(sign)) return NAME_MESSAGES.control
    if (OTHER_SPACE.test(sign)) return NAME_MESSAGES.space
    return NAME_MESSAGES.sign(sign)
  }
  if (!LETTER_OR_DIGIT.test(value)) return NAME_MESSAGES.noLetter
  return null
}

/** A joiner counts as part of a word only with a letter or mark on both sides. */
function betweenLetters(signs: string[], index: number): boolean {
  const before = signs[index - 1]
  const after = signs[index + 1]
  return before !== undefined && after !== undefined && /[\p{L}\p{M}]/u.test(before) && /[\p{L}\p{M}]/u.test(after)
}

export function isName(value: string): boolean {
  return nameRefusal(value) === null
}
