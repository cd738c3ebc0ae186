import { describe, expect, it } from 'vitest'
import { DEFAULT_PHONE_COUNTRY, dialCodeOf, maskPhoneNumber, toE164 } from '#app/platform/phone'

describe('toE164', () => {
  it('joins the country code and the local number, whatever the separators', () => {
    expect(toE164('us', '(555) 555-0100')).toBe('+15555550100')
    expect(toE164('gb', '07700 900123')).toBe('+447700900123')
    expect(toE164('us', '+1 555 555 0100')).toBe('+15555550100')
  })

  it('refuses what cannot be a number of that country', () => {
    expect(toE164('us', '12')).toBeNull()
    expect(toE164('us', 'call me')).toBeNull()
    expect(toE164('us', '+44 7700 900123')).toBeNull()
    expect(toE164('zz', '5555550100')).toBeNull()
    expect(toE164('us', '1234567890123456')).toBeNull()
  })

  it('defaults to the United States', () => {
    expect(dialCodeOf(DEFAULT_PHONE_COUNTRY)?.dial).toBe('1')
  })
})

describe('maskPhoneNumber', () => {
  it('keeps the last four digits only', () => {
    expect(maskPhoneNumber('+15555550100')).toBe('+*******0100')
  })
  it('leaves an already masked number as it is', () => {
    expect(maskPhoneNumber('+*******0100')).toBe('+*******0100')
  })
  it('hides a very short value entirely', () => {
    expect(maskPhoneNumber('123')).toBe('***')
  })
})
