import { describe, expect, it } from 'vitest'
import { dropOrder, positionsOf } from './step-file-order'

const list = [
  { key: 'f1', folder: true },
  { key: 'f2', folder: true },
  { key: 'a', folder: false },
  { key: 'b', folder: false },
  { key: 'c', folder: false },
]
const keys = (items: { key: string }[] | null) => items?.map((item) => item.key) ?? null

describe('dropOrder', () => {
  it('moves a file down or up among the files', () => {
    expect(keys(dropOrder(list, 'a', 'c'))).toEqual(['f1', 'f2', 'b', 'c', 'a'])
    expect(keys(dropOrder(list, 'c', 'a'))).toEqual(['f1', 'f2', 'c', 'a', 'b'])
  })

  it('moves a folder among the folders', () => {
    expect(keys(dropOrder(list, 'f2', 'f1'))).toEqual(['f2', 'f1', 'a', 'b', 'c'])
  })

  it('keeps folders first: a folder is not dropped among files, nor a file among folders', () => {
    expect(dropOrder(list, 'f1', 'b')).toBeNull()
    expect(dropOrder(list, 'a', 'f2')).toBeNull()
  })

  it('changes nothing for a drop on itself or an unknown key', () => {
    expect(dropOrder(list, 'b', 'b')).toBeNull()
    expect(dropOrder(list, 'x', 'b')).toBeNull()
  })
})

describe('positionsOf', () => {
  it('numbers the whole list from 1 as update_positions takes it', () => {
    expect(positionsOf(list)).toBe('f1:1;f2:2;a:3;b:4;c:5')
  })
})
