import { describe, expect, it } from 'vitest'
import { NAME_MESSAGES, NAME_PUNCTUATION, isName, nameRefusal } from '#app/platform/name-rule'

describe('names as brands write them', () => {
  it.each([
    'T-Shirt Classic',
    "Men's Robe",
    'Men’s Robe',
    "Robe d'été à fleurs",
    'Mens Tee & Co',
    'Tee (Red) #2',
    'Slim-Fit 5-Pocket Jean, Rinse',
    'Top 100% Cotton',
    'A/W 26: Look 7',
    'Wash 30° Knit',
    'Brand™ Tee',
    '“Sunday” Dress',
    'Café Señora',
    'Blusa Niña',
    'Łódź Coat',
    'Φόρεμα',
    'Платье-рубашка',
    'ワンピース',
    '连衣裙 2026',
    'فستان صيفي',
    'שמלת קיץ',
    'सूती कुर्ता',
    'می‌خواهم', // a zero-width non-joiner between two Persian letters
    '9',
  ])('accepts %s', (name) => {
    expect(nameRefusal(name)).toBeNull()
    expect(isName(name)).toBe(true)
  })

  it.each([
    ['Tee\u0000', NAME_MESSAGES.control],
    ['Tee\u0007Red', NAME_MESSAGES.control],
    ['Tee\u202Eder', NAME_MESSAGES.control],
    ['Tee\u200B', NAME_MESSAGES.control],
    ['\u200CTee', NAME_MESSAGES.control],
    ['Tee\u2028Red', NAME_MESSAGES.control],
    ['Tee \uD800', NAME_MESSAGES.control],
    ['Summer Tee 🌞', NAME_MESSAGES.emoji],
    ['Tee ❤️', NAME_MESSAGES.emoji],
    ['Flag 🇫🇷', NAME_MESSAGES.emoji],
    ['<b>Tee</b>', NAME_MESSAGES.markup],
    ['Tee > Shirt', NAME_MESSAGES.markup],
    ['Tee\u00A0Red', NAME_MESSAGES.space],
    ['---', NAME_MESSAGES.noLetter],
    ["' '", NAME_MESSAGES.noLetter],
    ['\u0301Tee', NAME_MESSAGES.markFirst],
    ['Tee @ Home', NAME_MESSAGES.sign('@')],
    ['Tee = Shirt', NAME_MESSAGES.sign('=')],
    ['Tee [Red]', NAME_MESSAGES.sign('[')],
    ['Tee $20', NAME_MESSAGES.sign('$')],
  ])('refuses %j: %s', (name, message) => {
    expect(nameRefusal(name)).toBe(message)
    expect(isName(name)).toBe(false)
  })

  it('names every allowed sign in the message of a refused one, each of them accepted', () => {
    expect(NAME_MESSAGES.sign('@')).toContain(NAME_PUNCTUATION)
    for (const sign of NAME_PUNCTUATION.split(' ')) expect(nameRefusal(`Tee ${sign} 1`), sign).toBeNull()
  })

  it('tells the first refused sign of a name with several', () => {
    expect(nameRefusal('Tee @ <b>')).toBe(NAME_MESSAGES.sign('@'))
    expect(nameRefusal('<b>Tee</b> @')).toBe(NAME_MESSAGES.markup)
  })
})
