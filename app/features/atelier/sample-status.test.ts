import { describe, expect, it } from 'vitest'
import {
  SAMPLE_STATUSES,
  isSampleStatus,
  jobTypesToNotify,
  mayChangeStatus,
  mayLockAsFinal,
  statusOnReopen,
  statusesFor,
} from './sample-status'

const designer = { jobType: 'designer', ownerAccess: false, mayReview: true }
const vsm = { jobType: 'vsm', ownerAccess: false, mayReview: true }
const owner = { jobType: 'marketing', ownerAccess: true, mayReview: true }
const editor = { jobType: 'editor', ownerAccess: false, mayReview: true }
const readDesigner = { jobType: 'designer', ownerAccess: false, mayReview: false }

describe('sample statuses by job type (atelier.md §4)', () => {
  it('gives a vsm In Progress and Ready for Review only', () => {
    expect(statusesFor(vsm)).toEqual(['In Progress', 'Ready for Review'])
  })

  it('gives a designer Asset Uploaded, Declined, Approved and Final', () => {
    expect(statusesFor(designer)).toEqual(['Asset Uploaded', 'Declined', 'Approved', 'Final'])
  })

  it('gives owner access every status, whatever the job type', () => {
    expect(statusesFor(owner)).toEqual([...SAMPLE_STATUSES])
  })

  it('gives none to an editor of another job type, nor to a read member', () => {
    expect(statusesFor(editor)).toEqual([])
    expect(statusesFor(readDesigner)).toEqual([])
  })

  it('refuses a change to the same status and to the other side’s statuses', () => {
    expect(mayChangeStatus(vsm, 'In Progress', 'Ready for Review')).toBe(true)
    expect(mayChangeStatus(vsm, 'Ready for Review', 'Approved')).toBe(false)
    expect(mayChangeStatus(designer, 'Ready for Review', 'Ready for Review')).toBe(false)
    expect(mayChangeStatus(designer, 'Ready for Review', 'In Progress')).toBe(false)
    expect(mayChangeStatus(designer, 'Ready for Review', 'Approved')).toBe(true)
  })

  it('lets nobody move a Final sample, owner access included: it is locked until reopened', () => {
    for (const person of [designer, vsm, owner]) {
      for (const next of SAMPLE_STATUSES) expect(mayChangeStatus(person, 'Final', next), next).toBe(false)
    }
    // Into Final is a status like the others (the picker's Final locks as Lock as Final does).
    expect(mayChangeStatus(designer, 'Approved', 'Final')).toBe(true)
  })

  it('reopens to the status before Final, or Approved when that is not known', () => {
    expect(statusOnReopen('Ready for Review')).toBe('Ready for Review')
    expect(statusOnReopen('Final')).toBe('Approved')
    expect(statusOnReopen(null)).toBe('Approved')
    expect(statusOnReopen('Shipped')).toBe('Approved')
  })

  it('offers Lock as Final on style version 3, for an approved sample, to who may set Final', () => {
    expect(mayLockAsFinal(designer, 'Approved', 3)).toBe(true)
    expect(mayLockAsFinal(owner, 'Approved', 3)).toBe(true)
    expect(mayLockAsFinal(designer, 'Final', 3)).toBe(false)
    expect(mayLockAsFinal(designer, 'Approved', 2)).toBe(false)
    expect(mayLockAsFinal(vsm, 'Approved', 3)).toBe(false)
    // Not on a sample that was declined or is still under way, whoever asks.
    for (const status of ['Declined', 'In Progress', 'Ready for Review', 'Asset Uploaded'] as const) {
      expect(mayLockAsFinal(owner, status, 3)).toBe(false)
    }
  })

  it('tells the other side of the review', () => {
    expect(jobTypesToNotify('vsm')).toEqual(['designer'])
    expect(jobTypesToNotify('designer')).toEqual(['vsm'])
    expect(jobTypesToNotify('admin')).toEqual(['designer', 'vsm'])
  })

  it('knows a status only by its exact name', () => {
    expect(isSampleStatus('Approved')).toBe(true)
    expect(isSampleStatus('approved')).toBe(false)
    expect(isSampleStatus(3)).toBe(false)
  })
})
