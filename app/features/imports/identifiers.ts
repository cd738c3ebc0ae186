// Product identifiers in spreadsheets: UPC, EAN and GTIN barcodes checked by their check digit,
// kept as text (leading zeros matter), and values a spreadsheet program turned into a number in
// scientific notation (1.23457E+11: the digits are lost) caught before they are stored.

/** "1.23457E+11", "8.5E11", "1E+13", "-1.2E+05": what Excel shows for a long number stored as a number. */
export const SCIENTIFIC = /^-?[0-9]+(?:[.,][0-9]+)?[eE][+-]?[0-9]+$/

export function looksScientific(value: string): boolean {
  return SCIENTIFIC.test(value.trim())
}

/** The GS1 check digit of the digits before it (GTIN-8, UPC-A/GTIN-12, EAN-13, GTIN-14). */
export function gtinCheckDigit(body: string): number {
  let sum = 0
  // Weights 3,1,3,1… from the right, the check digit itself not counted.
  for (let i = body.length - 1, weight = 3; i >= 0; i--, weight = weight === 3 ? 1 : 3) {
    sum += Number(body[i]) * weight
  }
  return (10 - (sum % 10)) % 10
}

export const GTIN_LENGTHS = [8, 12, 13, 14] as const

export type IdentifierCheck = { ok: true; value: string } | { ok: false; detail: string }

/** Checks a barcode as written in a cell; the value comes back as the same text, zeros kept. */
export function checkGtin(raw: string): IdentifierCheck {
  const value = raw.trim()
  if (looksScientific(value)) {
    return {
      ok: false,
      detail: `${value} is in scientific notation: a spreadsheet program turned the barcode into a number and lost its digits. Format the column as text and export again.`,
    }
  }
  if (!/^[0-9]+$/.test(value)) return { ok: false, detail: `${value} is not a barcode: digits only.` }
  if (!(GTIN_LENGTHS as readonly number[]).includes(value.length)) {
    return {
      ok: false,
      detail: `${value} has ${value.length} digits; a UPC, EAN or GTIN has 8, 12, 13 or 14 (leading zeros count).`,
    }
  }
  const expected = gtinCheckDigit(value.slice(0, -1))
  if (Number(value.at(-1)) !== expected) {
    return { ok: false, detail: `${value} has a wrong check digit: ${expected} expected at the end.` }
  }
  return { ok: true, value }
}

/** How ids and SKUs are compared for duplicates: case and surrounding spaces do not count. */
export function normalizeId(value: string): string {
  return value.trim().toLowerCase()
}
