// Phone numbers for SMS two-step verification: the country dialling codes the enrolment form
// offers, building an E.164 number from a country and a local number, and masking for display.

export interface DialCode {
  /** ISO 3166-1 alpha-2, lower case, as the spec names the default country (`us`). */
  country: string
  name: string
  dial: string
}

export const DEFAULT_PHONE_COUNTRY = 'us'

// A short list of the countries fashion teams most often work from; more can be added freely.
export const DIAL_CODES: DialCode[] = [
  { country: 'us', name: 'United States', dial: '1' },
  { country: 'ca', name: 'Canada', dial: '1' },
  { country: 'mx', name: 'Mexico', dial: '52' },
  { country: 'br', name: 'Brazil', dial: '55' },
  { country: 'gb', name: 'United Kingdom', dial: '44' },
  { country: 'ie', name: 'Ireland', dial: '353' },
  { country: 'fr', name: 'France', dial: '33' },
  { country: 'de', name: 'Germany', dial: '49' },
  { country: 'it', name: 'Italy', dial: '39' },
  { country: 'es', name: 'Spain', dial: '34' },
  { country: 'pt', name: 'Portugal', dial: '351' },
  { country: 'nl', name: 'Netherlands', dial: '31' },
  { country: 'be', name: 'Belgium', dial: '32' },
  { country: 'ch', name: 'Switzerland', dial: '41' },
  { country: 'at', name: 'Austria', dial: '43' },
  { country: 'dk', name: 'Denmark', dial: '45' },
  { country: 'se', name: 'Sweden', dial: '46' },
  { country: 'no', name: 'Norway', dial: '47' },
  { country: 'pl', name: 'Poland', dial: '48' },
  { country: 'tr', name: 'Turkey', dial: '90' },
  { country: 'ae', name: 'United Arab Emirates', dial: '971' },
  { country: 'in', name: 'India', dial: '91' },
  { country: 'bd', name: 'Bangladesh', dial: '880' },
  { country: 'vn', name: 'Vietnam', dial: '84' },
  { country: 'cn', name: 'China', dial: '86' },
  { country: 'hk', name: 'Hong Kong', dial: '852' },
  { country: 'jp', name: 'Japan', dial: '81' },
  { country: 'kr', name: 'South Korea', dial: '82' },
  { country: 'sg', name: 'Singapore', dial: '65' },
  { country: 'au', name: 'Australia', dial: '61' },
  { country: 'nz', name: 'New Zealand', dial: '64' },
  { country: 'za', name: 'South Africa', dial: '27' },
]

export function dialCodeOf(country: string): DialCode | undefined {
  return DIAL_CODES.find((entry) => entry.country === country.toLowerCase())
}

/**
 * The E.164 form (`+15555550100`) of a local number typed with spaces, dashes, brackets or a
 * national trunk 0; null when it cannot be a phone number of that country code.
 */
export function toE164(country: string, localNumber: string): string | null {
  const dial = dialCodeOf(country)
  if (!dial) return null
  if (/[^\d\s().+-]/.test(localNumber)) return null
  let digits = localNumber.replace(/\D/g, '')
  // Someone who typed the country code again (+1 …, 001 …) meant the same number.
  if (localNumber.trim().startsWith('+')) {
    if (!digits.startsWith(dial.dial)) return null
    digits = digits.slice(dial.dial.length)
  }
  digits = digits.replace(/^0+/, '')
  const total = dial.dial.length + digits.length
  if (digits.length < 4 || total > 15) return null
  return `+${dial.dial}${digits}`
}

/** `+*******0100`: enough to recognise one's own phone, not enough to learn someone else's. */
export function maskPhoneNumber(phoneNumber: string): string {
  const body = phoneNumber.replace(/^\+/, '')
  if (body.length <= 4) return '*'.repeat(body.length)
  // The provider may already send it masked (`+*******0100`); masking again changes nothing.
  return `+${'*'.repeat(body.length - 4)}${body.slice(-4)}`
}
