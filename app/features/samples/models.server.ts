// What samples keep per brand beside their records (registered by atelier): the live rooms of the
// brand's styles, which an account leaves when it loses any grant there (a lost grant may hide a
// style; its live pages ask again).
import { whenBrandAccessCut, type BrandAccessCutHook } from '#app/platform/access/grants.server'
import { whenFileSettled } from '#app/features/files/index.server'
import { leaveBrandStyleRooms, sampleFileSettled } from './sample-live.server'

const leaveStyleRooms: BrandAccessCutHook = (deps, cut) => leaveBrandStyleRooms(deps, cut.accountKey, cut.brandKey)

export function registerSamplesModels(): void {
  whenBrandAccessCut(leaveStyleRooms)
  // A sample's file ready (or refused) tells the style's room.
  whenFileSettled('style-file', { run: sampleFileSettled, failure: 'sample ready notice failure' })
}
