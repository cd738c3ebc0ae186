import { describe, expect, it } from 'vitest'
import { toCsv } from '#app/platform/csv'
import {
  TEAM_CSV_COLUMNS,
  accountTypeLabel,
  memberCountLabel,
  statusBadgeTone,
  teamCsvCells,
  teamCsvFileName,
  teamGrantLevel,
  teamMemberRows,
  teamSummary,
  type DeactivatedAccount,
  type MemberAccount,
  type OpenInvite,
} from './team-rules'

const account = (over: Partial<MemberAccount> & { key: string; email: string; created: string }): MemberAccount => ({
  name: over.key,
  department: 'design',
  jobType: 'designer',
  status: 'onboarded',
  avatarUrl: null,
  ...over,
})

const invite = (over: Partial<OpenInvite> & { key: string; email: string }): OpenInvite => ({
  first_name: 'Ivy',
  last_name: 'Invitee',
  department: 'hr',
  job_type: 'admin',
  status: 'invited',
  created: '2026-01-01T00:00:00Z',
  url: `https://portal.example/invite?token=${over.key}`,
  ...over,
})

describe('teamMemberRows', () => {
  it('lists active accounts newest first by created', () => {
    const rows = teamMemberRows({
      accounts: [
        account({ key: 'old', email: 'old@x.test', created: '2025-01-01T00:00:00Z' }),
        account({ key: 'new', email: 'new@x.test', created: '2026-03-01T00:00:00Z' }),
        account({ key: 'mid', email: 'mid@x.test', created: '2025-06-01T00:00:00Z' }),
      ],
      invites: [],
      deactivated: [],
    })
    expect(rows.map((row) => row.key)).toEqual(['new', 'mid', 'old'])
    expect(rows.every((row) => row.activeAccount && row.kind === 'member')).toBe(true)
  })

  it('de-duplicates active accounts by e-mail (case-insensitive), keeping the newest', () => {
    const rows = teamMemberRows({
      accounts: [
        account({ key: 'first', email: 'Sam@X.test', created: '2025-01-01T00:00:00Z' }),
        account({ key: 'second', email: 'sam@x.test', created: '2026-01-01T00:00:00Z' }),
      ],
      invites: [],
      deactivated: [],
    })
    expect(rows.map((row) => row.key)).toEqual(['second'])
  })

  it('shows open invites with no active account of the same e-mail as Invited, with the invite URL', () => {
    const rows = teamMemberRows({
      accounts: [account({ key: 'a', email: 'member@x.test', created: '2026-01-01T00:00:00Z' })],
      invites: [
        invite({ key: 'i1', email: 'MEMBER@x.test' }),
        invite({ key: 'i2', email: 'new@x.test', status: 'pending' }),
        invite({ key: 'i3', email: 'done@x.test', status: 'accepted' }),
      ],
      deactivated: [],
    })
    expect(rows.map((row) => [row.key, row.kind, row.status])).toEqual([
      ['a', 'member', 'onboarded'],
      ['i2', 'invited', 'Invited'],
    ])
    expect(rows[1]).toMatchObject({
      name: 'Ivy Invitee',
      activeAccount: false,
      inviteURL: 'https://portal.example/invite?token=i2',
      department: 'hr',
    })
  })

  it('lists deactivated accounts last with the Deactivated status, unless the e-mail is active or invited again', () => {
    const gone = (key: string, email: string, at: string): DeactivatedAccount => ({
      ...account({ key, email, created: '2024-01-01T00:00:00Z' }),
      deactivatedAt: at,
    })
    const rows = teamMemberRows({
      accounts: [account({ key: 'back', email: 'back@x.test', created: '2026-01-01T00:00:00Z' })],
      invites: [invite({ key: 'i', email: 'i@x.test' }), invite({ key: 'again', email: 'Reinvited@x.test' })],
      deactivated: [
        gone('earlier', 'earlier@x.test', '2026-01-01T00:00:00Z'),
        gone('later', 'later@x.test', '2026-02-01T00:00:00Z'),
        gone('back-old', 'back@x.test', '2026-02-01T00:00:00Z'),
        gone('reinvited', 'reinvited@x.test', '2026-02-01T00:00:00Z'),
      ],
    })
    expect(rows.map((row) => [row.key, row.status])).toEqual([
      ['back', 'onboarded'],
      ['i', 'Invited'],
      ['again', 'Invited'],
      ['later', 'Deactivated'],
      ['earlier', 'Deactivated'],
    ])
  })
})

describe('statusBadgeTone', () => {
  it('is blue-ish for onboarding, the onboarded style for onboarded, and its own for Invited and Deactivated', () => {
    expect(statusBadgeTone('onboarding-personal')).toBe('info')
    expect(statusBadgeTone('onboarding-branding')).toBe('info')
    expect(statusBadgeTone('onboarded')).toBe('success')
    expect(statusBadgeTone('Invited')).toBe('warning')
    expect(statusBadgeTone('Deactivated')).toBe('muted')
    expect(statusBadgeTone('something else')).toBe('neutral')
  })
})

describe('teamGrantLevel', () => {
  it('maps admin to owner, designer and vsm to editor, others to read', () => {
    expect(teamGrantLevel('admin')).toBe('owner')
    expect(teamGrantLevel('designer')).toBe('editor')
    expect(teamGrantLevel('vsm')).toBe('editor')
    for (const other of ['marketing', 'guest', 'sales rep', 'delegate', 'editor', 'owner', null, undefined]) {
      expect(teamGrantLevel(other)).toBe('read')
    }
  })
})

describe('team summary', () => {
  it('says "1 member" or "n members"', () => {
    expect(memberCountLabel(1)).toBe('1 member')
    expect(memberCountLabel(0)).toBe('0 members')
    expect(memberCountLabel(7)).toBe('7 members')
  })

  it('shows up to 5 avatars and a + when there are more, and the description when the name is empty', () => {
    const six = teamSummary({ name: '', description: 'Knitwear crew' }, [1, 2, 3, 4, 5, 6])
    expect(six).toEqual({ label: 'Knitwear crew', avatars: [1, 2, 3, 4, 5], more: true, countLabel: '6 members' })
    const five = teamSummary({ name: 'Core', description: 'x' }, [1, 2, 3, 4, 5])
    expect(five).toMatchObject({ label: 'Core', more: false, countLabel: '5 members' })
  })
})

describe('team CSV', () => {
  it('is named brand-{id}-team.csv with the columns of the spec', () => {
    expect(teamCsvFileName('abc')).toBe('brand-abc-team.csv')
    expect(TEAM_CSV_COLUMNS).toEqual(['Name', 'email', 'Account Active', 'Status', 'Invite URL', 'department', 'key'])
  })

  it('writes the rows the page shows, with formula-like cells neutralized', () => {
    const rows = teamMemberRows({
      accounts: [
        account({
          key: 'k1',
          name: '=HYPERLINK("x")',
          email: 'a@x.test',
          department: '+finance',
          created: '2026-01-01T00:00:00Z',
        }),
      ],
      invites: [invite({ key: 'i1', email: 'b@x.test', first_name: 'Bo', last_name: 'Smith, Jr' })],
      deactivated: [],
    })
    const csv = toCsv(TEAM_CSV_COLUMNS, rows.map(teamCsvCells))
    expect(csv.split('\r\n')).toEqual([
      'Name,email,Account Active,Status,Invite URL,department,key',
      `"'=HYPERLINK(""x"")",a@x.test,true,onboarded,,'+finance,k1`,
      '"Bo Smith, Jr",b@x.test,false,Invited,https://portal.example/invite?token=i1,hr,i1',
      '',
    ])
  })
})

describe('accountTypeLabel', () => {
  it('names the selectable account types as the spec does, and capitalizes others', () => {
    expect(accountTypeLabel('sales rep')).toBe('Sales Rep')
    expect(accountTypeLabel('admin')).toBe('Admin')
    expect(accountTypeLabel('vsm')).toBe('VSM')
    expect(accountTypeLabel('guest')).toBe('Guest')
  })
})
