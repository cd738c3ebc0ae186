// What every unit test file gets first: the features' abilities, as each entry of the portal
// registers them. Their records, file purposes and hooks (registerFeatureModels) pull in the
// services; the few unit tests of services that need them register them themselves.
import { registerFeatureAbilities } from '#app/features/abilities'

registerFeatureAbilities()
