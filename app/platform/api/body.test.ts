import { describe, expect, it } from 'vitest'
import { forbiddenKeyPath } from './body'

describe('forbiddenKeyPath', () => {
  it.each([
    ['{"__proto__":{},"constructor":{}}', '__proto__'],
    ['{"name":"x","constructor":{"prototype":{}}}', 'constructor'],
    ['{"a":{"b":[{"__proto__":{"admin":true}}]}}', 'a.b.0.__proto__'],
    ['[{"prototype":1}]', '0.prototype'],
  ])('finds the forbidden key in %s', (text, path) => {
    expect(forbiddenKeyPath(JSON.parse(text))).toBe(path)
  })

  it.each(['{"name":"Constructor","proto":1,"__proto":2}', '["__proto__","constructor"]', '"prototype"', 'null', '3'])(
    'lets %s through (values and look-alike keys are fine)',
    (text) => {
      expect(forbiddenKeyPath(JSON.parse(text))).toBeNull()
    },
  )

  it('walks a deeply nested body without running out of stack', () => {
    let deep: unknown = { __proto__x: 1 }
    for (let i = 0; i < 100_000; i++) deep = { n: deep }
    expect(forbiddenKeyPath(deep)).toBeNull()
  })
})
