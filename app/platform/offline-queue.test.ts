import { describe, expect, it } from 'vitest'
import {
  cannotQueue,
  isHeldForm,
  isReplay,
  isReplayAnswer,
  MAX_QUEUED_FORM_CHARS,
  MAX_QUEUED_FORMS,
  OFFLINE_TEXTS,
  parseQueue,
  replayAction,
  samePageButDialog,
  textFields,
  withoutDialog,
  type QueuedForm,
} from './offline-queue'

const entry = (id: string): QueuedForm => ({
  id,
  action: '/brand/b/style/s/samples/x?tab=feedback',
  fields: [['intent', 'status']],
  label: 'Status: In Progress',
  queuedAt: 1,
})
const url = (text: string) => new URL(text, 'http://portal.test')

describe('offline queue', () => {
  it('keeps text fields in their order, skips an empty file input and refuses a chosen file', () => {
    const form = new FormData()
    form.append('intent', 'rename')
    form.append('name', 'Front')
    form.append('file', new File([], ''))
    expect(textFields(form.entries())).toEqual([
      ['intent', 'rename'],
      ['name', 'Front'],
    ])
    form.append('file', new File(['x'], 'x.png'))
    expect(textFields(form.entries())).toBeNull()
  })

  it('takes forms up to its count and size, exactly', () => {
    const full = Array.from({ length: MAX_QUEUED_FORMS }, (_, index) => entry(String(index)))
    expect(cannotQueue(full.slice(1), [['a', 'b']])).toBeNull()
    expect(cannotQueue(full, [['a', 'b']])).toBe(OFFLINE_TEXTS.queueFull)
    const longest: [string, string][] = [['t', 'x'.repeat(MAX_QUEUED_FORM_CHARS - 1)]]
    expect(cannotQueue([], longest)).toBeNull()
    expect(cannotQueue([], [['t', 'x'.repeat(MAX_QUEUED_FORM_CHARS)]])).toBe(OFFLINE_TEXTS.tooLong)
  })

  it('reads back what it stored and drops anything else', () => {
    const stored = [entry('a'), entry('b')]
    expect(parseQueue(JSON.stringify(stored))).toEqual(stored)
    expect(parseQueue(null)).toEqual([])
    expect(parseQueue('{not json')).toEqual([])
    expect(parseQueue(JSON.stringify({ id: 'a' }))).toEqual([])
    // Each broken part alone drops the entry: another site's address, a field that is not text.
    expect(parseQueue(JSON.stringify([{ ...entry('a'), action: 'https://elsewhere.test/x' }]))).toEqual([])
    expect(parseQueue(JSON.stringify([{ ...entry('a'), action: '//elsewhere.test/x' }]))).toEqual([])
    expect(parseQueue(JSON.stringify([{ ...entry('a'), fields: [['a', 1]] }]))).toEqual([])
    expect(parseQueue(JSON.stringify([{ ...entry('a'), fields: [['a']] }]))).toEqual([])
    expect(parseQueue(JSON.stringify([{ ...entry('a'), label: 3 }]))).toEqual([])
    expect(parseQueue(JSON.stringify([{ ...entry('a'), queuedAt: '1' }]))).toEqual([])
    expect(parseQueue(JSON.stringify([entry('a'), { ...entry('b'), id: 7 }]))).toEqual([entry('a')])
  })

  it('marks a replayed action so its answer is data, keeping its query', () => {
    const replay = replayAction('/brand/b/style/s/samples/x?tab=feedback&pin=p1')
    expect(replay).toBe('/brand/b/style/s/samples/x?tab=feedback&pin=p1&_replay=1')
    expect(isReplay(`http://portal.test${replay}`)).toBe(true)
    expect(isReplay('http://portal.test/brand/b/style/s/samples/x?tab=feedback')).toBe(false)
  })

  it('treats the same page with another dialog as the same page, and nothing else', () => {
    const page = '/brand/b/style/s/samples/x?tab=comments&markup=on'
    expect(samePageButDialog(url(page), url(`${page}&dialog=rename`))).toBe(true)
    expect(samePageButDialog(url(page), url('/brand/b/style/s/samples/x?markup=on&tab=comments'))).toBe(true)
    expect(samePageButDialog(url(page), url('/brand/b/style/s/samples/x?tab=history&markup=on'))).toBe(false)
    expect(samePageButDialog(url(page), url('/brand/b/style/s/samples/y?tab=comments&markup=on'))).toBe(false)
    expect(samePageButDialog(url(page), url('/brand/b/style/s/samples/x?tab=comments'))).toBe(false)
    expect(withoutDialog(`${page}&dialog=rename`)).toBe(page)
  })

  it('tells held forms and replay answers from other action data', () => {
    expect(isHeldForm({ offline: 'queued', label: 'x' })).toBe(true)
    expect(isHeldForm({ refused: 'x' })).toBe(false)
    expect(isHeldForm(null)).toBe(false)
    expect(isReplayAnswer({ replayed: [] })).toBe(true)
    expect(isReplayAnswer({ replayed: 'x' })).toBe(false)
  })
})
