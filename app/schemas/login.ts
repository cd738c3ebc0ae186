// The login form (access.md §5 "Login"), validated by Conform in the browser and by the action.
import { z } from 'zod'

export const LoginSchema = z.object({
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .min(1, { error: 'Email is required.', abort: true })
    .email('Please enter a valid email!'),
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.'),
  remember: z
    .union([z.literal('on'), z.literal('true'), z.boolean()])
    .optional()
    .transform((value) => value === 'on' || value === 'true' || value === true),
  redirectTo: z.string().optional(),
})

export type LoginInput = z.infer<typeof LoginSchema>
