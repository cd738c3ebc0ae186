// Branding forms and payloads (access.md §2 "Branding", §3 "Branding state", §5 "Colour picker
// and crop"), shared by the browser and the server.
import * as z from 'zod/mini'
import { HEX_LENGTH, RGB_MAX_LENGTH } from '#app/features/brands/colour'

export const LANDING_LAYOUTS = ['modal', 'grid'] as const
export type LandingLayoutChoice = (typeof LANDING_LAYOUTS)[number]

export const TEMPLATE_NAMES: Record<LandingLayoutChoice, string> = {
  modal: 'Modal-style layout',
  grid: 'Grid layout',
}

/** The four colour pickers of the Branding state, in the order of the sidebar. */
export const COLOUR_PICKERS = [
  { id: 'panel_background', label: 'Panel background colour', section: 'universal', field: 'backgroundColor' },
  { id: 'panel_font', label: 'Panel font colour', section: 'universal', field: 'fontColor' },
  { id: 'login_background', label: 'Login background colour', section: 'login', field: 'backgroundColor' },
  { id: 'login_font', label: 'Login font colour', section: 'login', field: 'fontColor' },
] as const
export type ColourPickerId = (typeof COLOUR_PICKERS)[number]['id']

const text = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)))
const pickerFields = (id: string) => ({
  [`${id}_current`]: text(HEX_LENGTH),
  [`${id}_hex`]: text(HEX_LENGTH),
  [`${id}_r`]: text(RGB_MAX_LENGTH),
  [`${id}_g`]: text(RGB_MAX_LENGTH),
  [`${id}_b`]: text(RGB_MAX_LENGTH),
  [`${id}_picker`]: text(HEX_LENGTH),
})

/** The Customize form: every picker's hex, RGB and native fields, and the chosen template. */
export const BrandingFormSchema = z.object({
  ...Object.assign({}, ...COLOUR_PICKERS.map((picker) => pickerFields(picker.id))),
  layout: z.optional(z.enum(LANDING_LAYOUTS)),
  tab: z.optional(z.enum(['landing', 'login'])),
}) as z.ZodMiniObject<
  Record<string, z.ZodMiniOptional<z.ZodMiniString>> & {
    layout: z.ZodMiniOptional<z.ZodMiniEnum<{ modal: 'modal'; grid: 'grid' }>>
    tab: z.ZodMiniOptional<z.ZodMiniEnum<{ landing: 'landing'; login: 'login' }>>
  }
>

const Colour = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'Invalid colour: use #rrggbb.'))
const Colours = z.strictObject({ backgroundColor: z.optional(Colour), fontColor: z.optional(Colour) })

/** updateBranding and PUT /api/brand/method/branding: any subset of the look. */
export const BrandingUpdateSchema = z.strictObject({
  universal: z.optional(Colours),
  login: z.optional(Colours),
  landing: z.optional(z.strictObject({ layout: z.optional(z.enum(LANDING_LAYOUTS)) })),
})
export type BrandingUpdate = z.infer<typeof BrandingUpdateSchema>
