import { describe, expect, it } from 'vitest'
import type { Shape } from '#app/features/samples/markup/shapes'
import { carriedOver, markChecked, needsRecheckCount, newestOfEachSeries, seriesKeyOf } from './sample-versions'

const sample = (key: string, series: string | null, version: number) => ({ key, series, version })

describe('sample versions', () => {
  it('a first version is its own series', () => {
    expect(seriesKeyOf(sample('a', null, 1))).toBe('a')
    expect(seriesKeyOf(sample('b', 'a', 2))).toBe('a')
  })

  it('shows each series once, by its newest version, keeping the order', () => {
    const listed = newestOfEachSeries([
      sample('c2', 'c', 2),
      sample('a3', 'a', 3),
      sample('b', null, 1),
      sample('a', null, 1),
      sample('c', null, 1),
      sample('a2', 'a', 2),
    ])
    expect(listed.map((s) => s.key)).toEqual(['c2', 'a3', 'b'])
  })

  it('a version still being checked does not hide the one before it', () => {
    // The list holds only available files: version 2, still scanning, is not in it yet.
    expect(newestOfEachSeries([sample('a', null, 1)]).map((s) => s.key)).toEqual(['a'])
  })

  const rect: Shape = {
    id: 'r1',
    kind: 'rect',
    colour: '#e03131',
    strokeWidth: 0.004,
    author: 'acc',
    created: 1,
    x: 0.1,
    y: 0.1,
    width: 0.2,
    height: 0.2,
  }
  const pin: Shape = {
    id: 'p1',
    kind: 'pin',
    colour: '#e03131',
    strokeWidth: 0.004,
    author: 'acc',
    created: 2,
    x: 0.5,
    y: 0.5,
    number: 1,
    resolved: true,
  }

  it('carries every mark over, flagged needs re-check, keeping where it was and its state', () => {
    const carried = carriedOver([rect, pin])
    expect(carried).toHaveLength(2)
    expect(carried.every((shape) => shape.needsRecheck === true)).toBe(true)
    expect(carried[0]).toMatchObject({ id: 'r1', x: 0.1, y: 0.1, width: 0.2, height: 0.2 })
    expect(carried[1]).toMatchObject({ id: 'p1', number: 1, resolved: true })
    expect(needsRecheckCount(carried)).toBe(2)
    // The previous version's marks are not changed.
    expect(rect.needsRecheck).toBeUndefined()
  })

  it('a checked mark loses the flag and nothing else', () => {
    const [carried] = carriedOver([rect])
    const checked = markChecked(carried!)
    expect('needsRecheck' in checked).toBe(false)
    expect(checked).toEqual(rect)
    expect(needsRecheckCount([checked])).toBe(0)
  })
})

describe('marks to re-check on the server-drawn overlay', () => {
  it('are dashed, the others not', async () => {
    const { svgOf } = await import('#app/features/samples/markup/shapes')
    const rect: Shape = {
      id: 'r1',
      kind: 'rect',
      colour: '#e03131',
      strokeWidth: 0.004,
      author: 'acc',
      created: 1,
      x: 0.1,
      y: 0.1,
      width: 0.2,
      height: 0.2,
    }
    const size = { width: 800, height: 1000 }
    expect(svgOf([rect], size)).not.toContain('stroke-dasharray')
    const carried = svgOf(carriedOver([rect]), size)
    expect(carried).toContain('data-needs-recheck="true"')
    expect(carried).toContain('stroke-dasharray="9.6 6.4"')
  })
})
