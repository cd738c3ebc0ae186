// Demo data of the virtual atelier's styles (atelier.md §4 Style progress). The demo style (Linen
// Shirt) gets its files and materials from the other atelier seeds, which mark their steps; here
// it gets its tags. Wrap Dress stands part way through its wizard, so the atelier list and its
// summary show every state of a step.
import { and, eq } from 'drizzle-orm'
import { demoKey } from '#app/platform/ids'
import type { StepStatus, StyleStep } from '#app/features/atelier'
import { markStyleStep } from '#app/features/atelier/index.server'
import type { Database } from '#db/client'
import { styles } from '#db/schema'
import { demoAtelierStyle } from './seed-atelier-references'

export async function seedAtelierStyle(db: Database, brandKey: string): Promise<void> {
  const demo = await demoAtelierStyle(db)
  if (demo) {
    await db
      .update(styles)
      .set({ tags: ['SS26', 'hero'] })
      .where(and(eq(styles.key, demo.key), eq(styles.brandKey, brandKey)))
  }
  // Tech pack done, patterns and materials under way, references not applicable, the rest open.
  const wrapDress = demoKey('style:wrap-dress')
  const [owned] = await db
    .select({ key: styles.key })
    .from(styles)
    .where(and(eq(styles.key, wrapDress), eq(styles.brandKey, brandKey)))
  if (!owned) return
  const statuses: [StyleStep, StepStatus][] = [
    ['techpack', 'completed'],
    ['patterns', 'inprogress'],
    ['materials', 'inprogress'],
    ['references', 'notapplicable'],
  ]
  for (const [step, status] of statuses) await markStyleStep(db, wrapDress, step, status)
}
