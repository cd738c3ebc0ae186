// The Materials step's page of cards.
import type { MaterialCard } from '../views'
import { MaterialCards, type Serialized } from './material-cards'

/** The step's page: the style, the heading and the cards. */
export function MaterialsCardsPage({
  base,
  cards,
  mayChange,
}: {
  base: string
  cards: Serialized<MaterialCard>[]
  mayChange: boolean
}) {
  // The step shell above names the step; the style is named in the wizard's header.
  return (
    <div className="flex flex-col gap-6">
      <MaterialCards base={base} cards={cards} mayChange={mayChange} />
    </div>
  )
}
