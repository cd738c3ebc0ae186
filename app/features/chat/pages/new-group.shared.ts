// What new-group.tsx and its server side both use.
import { GroupChatSchema } from '#app/features/chat/schemas'
import * as z from 'zod/mini'

/** One ticked box posts one value, not a list: the form's members are always a list. */
export const GroupChatForm = z.object({
  name: GroupChatSchema.shape.name,
  members: z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? [value] : value)),
    GroupChatSchema.shape.members,
  ),
})
