import { describe, expect, it } from 'vitest'
import { toastList, type Toast } from '#app/platform/toast'

const created: Toast = { kind: 'success', message: 'Invite has been created.' }
const delivered: Toast = { kind: 'success', message: 'Invite has been delivered to a@b.test' }

describe('toastList', () => {
  it('turns one flashed toast into a list of one', () => {
    expect(toastList(created)).toEqual([created])
  })
  it('keeps several toasts in their order', () => {
    expect(toastList([created, delivered])).toEqual([created, delivered])
  })
  it('answers an empty list when nothing was flashed', () => {
    expect(toastList(undefined)).toEqual([])
    expect(toastList(null)).toEqual([])
  })
  it('drops values that are not toasts', () => {
    expect(toastList([created, { kind: 'shout', message: 'x' }, 'text', { kind: 'info' }])).toEqual([created])
  })
})
