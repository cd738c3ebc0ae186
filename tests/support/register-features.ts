// What every entry of the portal does first: register the features' abilities and records.
import { registerFeatureAbilities } from '#app/features/abilities'
import { registerFeatureModels } from '#app/features/models.server'

registerFeatureAbilities()
registerFeatureModels()
