import { describe, expect, it } from 'vitest'
import {
  checkName,
  folderHref,
  isWithin,
  joinPath,
  MAX_DEPTH,
  MAX_NAME_LENGTH,
  mayDropInto,
  newName,
  numberedName,
  parsePath,
  segmentsOfSplat,
  splatOfAddress,
} from './asset-paths'

const segments = (value: unknown) => {
  const result = parsePath(value)
  return result.ok ? result.segments : result.message
}

describe('parsePath', () => {
  it('reads the top, folders with and without a trailing slash, and names with spaces, unicode and emoji', () => {
    expect(segments('')).toEqual([])
    expect(segments(undefined)).toEqual([])
    expect(segments('Tech Packs/')).toEqual(['Tech Packs'])
    expect(segments('Tech Packs/SS27 Drop 1/front.pdf')).toEqual(['Tech Packs', 'SS27 Drop 1', 'front.pdf'])
    expect(segments('Imprimés/Été 🌸/')).toEqual(['Imprimés', 'Été 🌸'])
  })

  it('stores names in one Unicode form, so a decomposed é reads as the composed one', () => {
    expect(segments('Ete\u0301/')).toEqual(['Et\u00e9'])
  })

  it('refuses what could point outside the library: .., ., absolute paths, backslashes, empty segments', () => {
    for (const bad of ['../x', 'a/../b', 'a/..', './a', 'a/./b', '/etc/passwd', '/', 'a\\b', '..\\x', 'a//b', '//']) {
      expect(parsePath(bad).ok, bad).toBe(false)
    }
  })

  it('refuses control characters, over-long names, too deep paths and values that are not text', () => {
    expect(parsePath('a\u0000b').ok).toBe(false)
    expect(parsePath('line\nbreak').ok).toBe(false)
    expect(parsePath('x'.repeat(MAX_NAME_LENGTH + 1)).ok).toBe(false)
    expect(parsePath('x'.repeat(MAX_NAME_LENGTH)).ok).toBe(true)
    expect(parsePath(Array.from({ length: MAX_DEPTH + 1 }, () => 'a').join('/')).ok).toBe(false)
    expect(parsePath(Array.from({ length: MAX_DEPTH }, () => 'a').join('/')).ok).toBe(true)
    expect(parsePath(['a']).ok).toBe(false)
    expect(parsePath({ toString: () => 'a' }).ok).toBe(false)
  })

  it('keeps a segment as written: surrounding spaces are refused, not trimmed into another name', () => {
    expect(parsePath(' Blocks/').ok).toBe(false)
    expect(parsePath('Blocks /x').ok).toBe(false)
  })
})

describe('checkName', () => {
  it('trims, and refuses empty names, . and .., slashes and control characters', () => {
    expect(checkName('  Prints  ')).toEqual({ ok: true, name: 'Prints' })
    for (const bad of ['', '   ', '.', '..', 'a/b', 'a\\b', 'tab\there', 42, null]) {
      expect(checkName(bad).ok, String(bad)).toBe(false)
    }
  })

  it('refuses C1 controls and lone surrogate halves; a name given loses bidirectional controls (decision 165)', () => {
    for (const bad of ['a\u0085b.pdf', 'a\uD800b', 'a\uDC00']) {
      const refused = { ok: false, message: 'A name cannot contain control characters.' }
      expect(checkName(bad), JSON.stringify(bad)).toEqual(refused)
      expect(newName(bad), JSON.stringify(bad)).toEqual(refused)
    }
    expect(newName('x\u202Efdp.exe')).toEqual({ ok: true, name: 'xfdp.exe' })
    expect(newName('\u2067Prints\u2069 ')).toEqual({ ok: true, name: 'Prints' })
    expect(newName('\u202E')).toEqual({ ok: false, message: 'A name is required.' })
    // A path still finds an entry named with one before.
    expect(checkName('x\u202Efdp.exe')).toEqual({ ok: true, name: 'x\u202Efdp.exe' })
  })

  it('counts emoji as one character each against the length limit', () => {
    expect(checkName('🧵'.repeat(MAX_NAME_LENGTH)).ok).toBe(true)
    expect(checkName('🧵'.repeat(MAX_NAME_LENGTH + 1)).ok).toBe(false)
  })
})

describe('page addresses', () => {
  it('encode each segment on its own and read them back, % ? # and emoji included', () => {
    const names = ['Tech Packs', '50% off?', '#1 ✂️', 'Été 🌸']
    const href = folderHref('b1', names)
    expect(href).toBe(
      '/brand/b1/assets_library/Tech%20Packs/50%25%20off%3F/%231%20%E2%9C%82%EF%B8%8F/%C3%89t%C3%A9%20%F0%9F%8C%B8',
    )
    const splat = href.slice('/brand/b1/assets_library/'.length)
    expect(segmentsOfSplat(splat)).toEqual({ ok: true, segments: names })
    expect(folderHref('b1', [])).toBe('/brand/b1/assets_library')
  })

  it('refuses an encoded slash or backslash inside a segment, malformed escapes and encoded ..', () => {
    expect(segmentsOfSplat('a%2Fb').ok).toBe(false)
    expect(segmentsOfSplat('a%5Cb').ok).toBe(false)
    expect(segmentsOfSplat('%E0%A4%A').ok).toBe(false)
    expect(segmentsOfSplat('%2E%2E/x').ok).toBe(false)
    expect(segmentsOfSplat('Blocks/')).toEqual({ ok: true, segments: ['Blocks'] })
  })
})

describe('joinPath and isWithin', () => {
  it('writes folder paths with a trailing slash and file paths without', () => {
    expect(joinPath([])).toBe('')
    expect(joinPath(['a', 'b'])).toBe('a/b/')
    expect(joinPath(['a', 'f.pdf'], false)).toBe('a/f.pdf')
  })

  it('tells a folder and what lies below it, ignoring letter case', () => {
    expect(isWithin(['A', 'b', 'c'], ['a', 'B'])).toBe(true)
    expect(isWithin(['a'], ['a'])).toBe(true)
    expect(isWithin(['ab'], ['a'])).toBe(false)
    expect(isWithin(['a'], ['a', 'b'])).toBe(false)
  })
})

describe('numberedName', () => {
  it('numbers a taken name, before a file extension and after a folder name', () => {
    expect(numberedName('front.pdf', 1, true)).toBe('front.pdf')
    expect(numberedName('front.pdf', 2, true)).toBe('front (2).pdf')
    expect(numberedName('.hidden', 2, true)).toBe('.hidden (2)')
    expect(numberedName('untitled folder', 3, false)).toBe('untitled folder (3)')
    expect(numberedName('v1.2 final', 2, false)).toBe('v1.2 final (2)')
  })
})

describe('mayDropInto', () => {
  const file = { type: 'file' as const, path: 'Prints/SS27/look.png', folder: 'Prints/SS27/' }
  const folder = { type: 'folder' as const, path: 'Prints/SS27/', folder: 'Prints/' }
  it('takes a file into any other folder, the top included, but not its own', () => {
    expect(mayDropInto(file, ['Graphics'])).toBe(true)
    expect(mayDropInto(file, [])).toBe(true)
    expect(mayDropInto(file, ['Prints'])).toBe(true)
    expect(mayDropInto(file, ['Prints', 'SS27'])).toBe(false)
    expect(mayDropInto(file, ['prints', 'ss27'])).toBe(false)
    expect(mayDropInto({ ...file, path: 'look.png', folder: '' }, [])).toBe(false)
  })
  it('takes a folder up or across, never into itself or below it', () => {
    expect(mayDropInto(folder, [])).toBe(true)
    expect(mayDropInto(folder, ['Graphics', 'SS27 old'])).toBe(true)
    expect(mayDropInto(folder, ['Prints'])).toBe(false)
    expect(mayDropInto(folder, ['Prints', 'SS27'])).toBe(false)
    expect(mayDropInto(folder, ['Prints', 'SS27', 'Looks'])).toBe(false)
    expect(mayDropInto(folder, ['Prints', 'SS27 Looks'])).toBe(true)
  })
  it('not into a folder at the deepest level', () => {
    const deepest = Array.from({ length: MAX_DEPTH }, (_, i) => `f${i}`)
    expect(mayDropInto(file, deepest)).toBe(false)
    expect(mayDropInto(file, deepest.slice(1))).toBe(true)
  })
})

describe('a folder address', () => {
  it.each(['50% wool', '%2e%2e', '100%25 linen', 'a+b & c?#', 'Été 🌸'])(
    'reads %s back from its address, decoded once',
    (name) => {
      const url = `http://portal.test${folderHref('b1', ['Odd names', name])}?view=table`
      expect(segmentsOfSplat(splatOfAddress(url))).toEqual({ ok: true, segments: ['Odd names', name] })
    },
  )

  it('would misread an address decoded before (as a router gives its splat)', () => {
    expect(segmentsOfSplat('Odd names/50% wool').ok).toBe(false)
  })
})
