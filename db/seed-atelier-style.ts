// Demo data of the virtual atelier's styles: the demo style stands part way through its wizard,
// so a new user's style summary shows every state of a step (atelier.md §4 Style progress).
import { and, asc, eq } from 'drizzle-orm'
import type { Database } from './client'
import { styles } from './schema'

/** The style every atelier demo seeds into: the first style of Demo Brand by name. */
export async function demoAtelierStyle(db: Database, brandKey: string): Promise<string | null> {
  const [first] = await db
    .select({ key: styles.key })
    .from(styles)
    .where(eq(styles.brandKey, brandKey))
    .orderBy(asc(styles.name), asc(styles.key))
    .limit(1)
  return first?.key ?? null
}

/** Tech pack done, patterns and materials under way, references not applicable, the rest open. */
export async function seedAtelierStyle(db: Database, brandKey: string): Promise<void> {
  const key = await demoAtelierStyle(db, brandKey)
  if (!key) return
  await db
    .update(styles)
    .set({
      statusTechpack: 'completed',
      statusPatterns: 'inprogress',
      statusMaterials: 'inprogress',
      statusReferences: 'notapplicable',
      tags: ['SS26', 'hero'],
    })
    .where(and(eq(styles.key, key), eq(styles.brandKey, brandKey)))
}
