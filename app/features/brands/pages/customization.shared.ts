// What customization.tsx and its server side both use.
import type { BrandLook } from '#app/features/brands/brand-look.server'
import { COLOUR_PICKERS, type ColourPickerId } from '#app/features/brands/branding-schemas'

export function colourOf(look: BrandLook, id: ColourPickerId): string {
  const picker = COLOUR_PICKERS.find((candidate) => candidate.id === id)!
  return picker.section === 'universal' ? look.panel[picker.field] : look.login[picker.field]
}
