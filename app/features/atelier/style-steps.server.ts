// Marks a style's wizard step (atelier.md §4 Style progress): uploading a file marks its step,
// saving a material marks materials. Callers have checked access to the style already.
import { eq, sql } from 'drizzle-orm'
import { styles } from '#db/schema'
import type { Database } from '#db/client'
import { stepColumn, type StepStatus, type StyleStep } from '#app/features/atelier/style-steps'

type Executor = Pick<Database, 'update'>

/**
 * Sets the step's status. `onlyIfUnset` leaves a status someone already chose (a step marked
 * completed or not applicable stays so when one more file arrives).
 */
export async function markStyleStep(
  db: Executor,
  styleKey: string,
  step: StyleStep,
  status: StepStatus,
  options: { onlyIfUnset?: boolean } = {},
): Promise<void> {
  const column = styles[stepColumn(step)]
  const value = options.onlyIfUnset ? sql`coalesce(${column}, ${status})` : status
  await db
    .update(styles)
    .set({ [stepColumn(step)]: value, modified: new Date() })
    .where(eq(styles.key, styleKey))
}
