import { describe, expect, it } from 'vitest'
import {
  carriedState,
  commentLabel,
  leadsReview,
  mayChangeFeedbackState,
  parseDueDate,
  pinStatesFromRequests,
  requestStateForPin,
  statesFor,
  statusAfterRound,
  type FeedbackState,
  type Reviewer,
} from './feedback-rules'

const person = (jobType: string, extra: Partial<Reviewer> = {}): Reviewer => ({
  key: `${jobType}-key`,
  jobType,
  ownerAccess: false,
  mayReview: true,
  ...extra,
})
const designer = person('designer')
const vsm = person('vsm')
const owner = person('admin', { ownerAccess: true })
const reader = person('designer', { mayReview: false })

describe('who leads a review', () => {
  it('is a designer or an owner who may review; never a vsm or a read member', () => {
    expect([designer, owner, vsm, reader, person('marketing')].map(leadsReview)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ])
  })
})

describe('changing a change request’s state', () => {
  const mine = { state: 'open' as const, assigneeKey: vsm.key }
  const theirs = { state: 'open' as const, assigneeKey: 'someone-else' }
  it('lets a vsm resolve or send back to re-check only what is assigned to them', () => {
    expect(mayChangeFeedbackState(vsm, mine, 'resolved')).toBe(true)
    expect(mayChangeFeedbackState(vsm, mine, 'to re-check')).toBe(true)
    expect(mayChangeFeedbackState(vsm, mine, "won't fix")).toBe(false)
    expect(mayChangeFeedbackState(vsm, { ...mine, state: 'resolved' }, 'open')).toBe(false)
    expect(mayChangeFeedbackState(vsm, theirs, 'resolved')).toBe(false)
  })
  it('lets a lead set any state, and nobody the state it already has', () => {
    for (const next of ['to re-check', 'resolved', "won't fix"] as const) {
      expect(mayChangeFeedbackState(designer, theirs, next)).toBe(true)
      expect(mayChangeFeedbackState(owner, theirs, next)).toBe(true)
    }
    expect(mayChangeFeedbackState(designer, theirs, 'open')).toBe(false)
  })
  it('lets a read member change nothing, even what is assigned to them', () => {
    expect(mayChangeFeedbackState(reader, { state: 'open', assigneeKey: reader.key }, 'resolved')).toBe(false)
    expect(statesFor(reader, { state: 'open', assigneeKey: reader.key })).toEqual(['open'])
  })
  it('offers the current state first among those one may set', () => {
    expect(statesFor(vsm, mine)).toEqual(['open', 'to re-check', 'resolved'])
    expect(statesFor(designer, mine)).toEqual(['open', 'to re-check', 'resolved', "won't fix"])
  })
})

describe('rounds and versions', () => {
  const today = new Date('2026-11-28T15:00:00Z')
  it('takes a due day from today to a year ahead, and only real days', () => {
    expect(parseDueDate('2026-11-28', today)).toBe('2026-11-28')
    expect(parseDueDate('2026-12-04', today)).toBe('2026-12-04')
    expect(parseDueDate('2026-11-27', today)).toBeNull()
    expect(parseDueDate('2027-11-30', today)).toBeNull()
    for (const odd of ['2026-02-30', '2026-13-01', '28/11/2026', '', 42, null, ['2026-12-01'], '2026-12-01T00:00']) {
      expect(parseDueDate(odd, today), String(odd)).toBeNull()
    }
  })
  it('carries what is open to a new version as to re-check, and leaves what is done', () => {
    expect(carriedState('open')).toBe('to re-check')
    expect(carriedState('to re-check')).toBe('to re-check')
    expect(carriedState('resolved')).toBeNull()
    expect(carriedState("won't fix")).toBeNull()
  })
  it('gives the sample the designer’s status of the decision', () => {
    expect(statusAfterRound('approved')).toBe('Approved')
    expect(statusAfterRound('changes requested')).toBe('Declined')
  })
  it('labels a comment by its first words on one line', () => {
    expect(commentLabel('  Shorten\nthe   hem ')).toBe('Shorten the hem')
    expect(commentLabel('x'.repeat(100))).toHaveLength(80)
  })
})

describe('a pin and its request, one state', () => {
  const item = (targetId: string, state: FeedbackState, sampleKey = 'v2', target: 'pin' | 'comment' = 'pin') => ({
    target,
    targetId,
    sampleKey,
    state,
  })
  it('shows a pin resolved exactly when its request is done, on this version only', () => {
    const states = pinStatesFromRequests(
      [
        item('a', 'open'),
        item('b', 'to re-check'),
        item('c', 'resolved'),
        item('d', "won't fix"),
        item('e', 'resolved', 'v1'),
        item('f', 'resolved', 'v2', 'comment'),
      ],
      'v2',
    )
    expect([...states]).toEqual([
      ['a', false],
      ['b', false],
      ['c', true],
      ['d', true],
    ])
  })
  it('turns Resolve and Reopen into the request’s states', () => {
    expect(requestStateForPin(true)).toBe('resolved')
    expect(requestStateForPin(false)).toBe('open')
  })
})
