// The demo's notifications: what each account finds in its notification centre.
import { demoKey } from '#app/platform/ids'
import { DEMO_BRAND_KEY, demoAccountKey } from './demo-keys'
import { notifications } from '#db/schema'
import { type Transaction } from './seed-team-and-chats'

export async function insertDemoNotifications(tx: Transaction): Promise<void> {
  const base = `/brand/${DEMO_BRAND_KEY}`
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000)
  const style = (name: string, id: string) => ({ text: name, url: `${base}/style/${demoKey(id)}`, accented: true })
  // The demo's first pin on the Linen Shirt's front render, and the vsm's reply in its thread
  // (seed/seed-atelier-samples.ts): the notice quotes what the thread holds and opens it.
  const sample = `${base}/style/${demoKey('style:linen-shirt')}/samples/${demoKey('sample-ref:render-front')}`
  const rows = [
    {
      to: 'admin',
      from: 'editor',
      action: 'asked for your review of',
      targetKind: 'Style',
      targetId: demoKey('style:linen-shirt'),
      segments: [style('Linen Shirt', 'style:linen-shirt'), 'in Coastal Light'],
      hours: 0.4,
      read: false,
    },
    {
      to: 'admin',
      from: 'vsm',
      action: 'uploaded a virtual sample of',
      targetKind: 'Style',
      targetId: demoKey('style:wrap-dress'),
      segments: [style('Wrap Dress', 'style:wrap-dress')],
      hours: 3,
      read: false,
    },
    {
      to: 'admin',
      from: 'editor',
      action: 'joined the team of',
      targetKind: 'Collection',
      targetId: demoKey('collection:ss26'),
      segments: [{ text: 'Coastal Light', url: `${base}/collections`, accented: true }],
      hours: 26,
      read: true,
    },
    {
      to: 'editor',
      from: 'admin',
      action: 'added you to the design team of',
      targetKind: 'Collection',
      targetId: demoKey('collection:ss26'),
      segments: [{ text: 'Coastal Light', url: `${base}/collections`, accented: true }],
      hours: 1,
      read: false,
    },
    {
      to: 'editor',
      from: 'vsm',
      action: 'commented on',
      targetKind: 'Conversation',
      targetId: demoKey('pin-thread:demo-pin-collar'),
      segments: [
        { text: 'a pin on Render front v2.png', url: `${sample}?pin=demo-pin-collar#comments`, accented: true },
        { text: '“Lowered it in the pattern; a new render follows tomorrow morning.”' },
      ],
      hours: 19,
      read: true,
    },
    {
      to: 'editor',
      from: null,
      action: 'Onboarding Complete',
      targetKind: 'Account',
      targetId: demoAccountKey('editor'),
      segments: [],
      hours: 72,
      read: true,
    },
  ]
  await tx.insert(notifications).values(
    rows.map((row, index) => ({
      key: demoKey(`notification:${index}`),
      accountKey: demoAccountKey(row.to),
      brandKey: row.from ? DEMO_BRAND_KEY : null,
      actorKey: row.from ? demoAccountKey(row.from) : null,
      action: row.action,
      targetKind: row.targetKind,
      targetId: row.targetId,
      segments: row.segments,
      readAt: row.read ? hoursAgo(row.hours - 0.1) : null,
      created: hoursAgo(row.hours),
    })),
  )
}
