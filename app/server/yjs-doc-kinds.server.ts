// Every kind of Yjs document the portal serves, as the composition root registers them; the
// property test of the update check walks the same list.
import { mediaOrderDoc } from '#app/features/media/index.server'
import { sampleMarkupDoc } from '#app/features/samples/index.server'
import type { YjsDocKind } from '#app/platform/yjs-kinds.server'
import { scratchDoc } from '#realtime/yjs/scratch-doc'

export const YJS_DOC_KINDS: readonly YjsDocKind[] = [mediaOrderDoc, sampleMarkupDoc, scratchDoc]
