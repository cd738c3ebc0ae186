import { describe, expect, it } from 'vitest'
import { backupIntervalMs, parseEnv, type Env } from '#app/env.server'
import { ARCHIVE_PATTERN, archiveName } from './backup.server'
import { backupIsDue, newestArchiveTime } from './schedule.server'

const envOf = (vars: Record<string, string>): Env => parseEnv(vars as unknown as NodeJS.ProcessEnv)

describe('archive names', () => {
  it('sort by time and tell it back to the second', () => {
    const at = new Date('2026-12-07T20:15:03.456Z')
    const name = archiveName(at)
    expect(name).toBe('brand-portal-2026-12-07T20-15-03Z.tar.gz')
    expect(ARCHIVE_PATTERN.test(name)).toBe(true)
    expect(newestArchiveTime([name, 'brand-portal-2026-12-06T23-59-59Z.tar.gz', 'notes.txt'])).toBe(
      Date.parse('2026-12-07T20:15:03Z'),
    )
  })

  it('leave files that are not archives, and archives still being written, out', () => {
    expect(newestArchiveTime(['notes.txt', 'brand-portal-2026-12-07T20-15-03Z.tar.gz.partial'])).toBeNull()
  })
})

describe('a scheduled backup', () => {
  const sixHours = backupIntervalMs('6h')
  const last = 'brand-portal-2026-12-07T00-00-00Z.tar.gz'
  it('is due with no archive yet', () => expect(backupIsDue([], sixHours)).toBe(true))
  it('is due once the interval has passed since the newest, to the millisecond', () => {
    const at = Date.parse('2026-12-07T06:00:00Z')
    expect(backupIsDue([last], sixHours, at - 1)).toBe(false)
    expect(backupIsDue([last], sixHours, at)).toBe(true)
  })
})

describe('BACKUP_EVERY', () => {
  it('reads minutes, hours and days', () => {
    expect(backupIntervalMs('30m')).toBe(30 * 60_000)
    expect(backupIntervalMs('6h')).toBe(6 * 3_600_000)
    expect(backupIntervalMs('1d')).toBe(86_400_000)
  })
  it('takes 5 minutes at least, and a number with its unit only', () => {
    expect(envOf({ BACKUP_EVERY: '5m' }).BACKUP_EVERY).toBe('5m')
    for (const value of ['4m', '6', 'h', '1w', '-1d', '1.5h']) {
      expect(() => envOf({ BACKUP_EVERY: value })).toThrow(/BACKUP_EVERY/)
    }
  })
  it('keeps from 1 to 1000 archives', () => {
    expect(envOf({}).BACKUP_KEEP).toBe(7)
    expect(() => envOf({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/)
    expect(envOf({ BACKUP_KEEP: '1000' }).BACKUP_KEEP).toBe(1000)
    expect(() => envOf({ BACKUP_KEEP: '1001' })).toThrow(/BACKUP_KEEP/)
  })
})
