// Bucket calls of atelier.md §7: the brand's asset library, its folders and files. Every call
// names the bucket; paths are the library's own (app/features/assets/asset-paths.ts). The asset library
// service checks every permission: members read, owners and editors change.
import {
  addFiles,
  bucketOfBrand,
  createBucket,
  createFolder,
  getFolder,
  removeFile,
  removeFolder,
  updateFile,
} from '#app/features/assets/asset-library.server'
import { paged, requireActor, type Endpoint } from '#app/platform/api/endpoint.server'

const body = (call: { body: unknown }) => (call.body ?? {}) as Record<string, unknown>

export const assetLibraryEndpoints: Endpoint[] = [
  {
    verb: 'GET',
    path: 'bucket/query/brand',
    auth: true,
    handle: (deps, call) => bucketOfBrand(deps, requireActor(call), call.query.brand),
  },
  {
    verb: 'POST',
    path: 'bucket/model',
    auth: true,
    handle: (deps, call) => createBucket(deps, requireActor(call), body(call)),
  },
  {
    verb: 'GET',
    path: 'bucket/method/get_folder',
    auth: true,
    handle: async (deps, call) => {
      const { query } = call
      // A cursor (the spec's lists: page × per-page) stands for the page it starts.
      const perPage = Number(query.per_page) || undefined
      const cursor = Number(query.cursor)
      const page = Number.isInteger(cursor) && cursor >= 0 && perPage ? Math.floor(cursor / perPage) + 1 : query.page
      const folder = await getFolder(deps, requireActor(call), { ...query, page })
      const more = folder.page < folder.pages
      return paged({
        data: folder.entries,
        cursor: more ? folder.page * folder.perPage : null,
        more,
        total: folder.total,
      })
    },
  },
  {
    verb: 'POST',
    path: 'bucket/method/create_folder',
    auth: true,
    handle: (deps, call) => createFolder(deps, requireActor(call), body(call)),
  },
  {
    verb: 'POST',
    path: 'bucket/method/add_files',
    auth: true,
    handle: (deps, call) => addFiles(deps, requireActor(call), body(call)),
  },
  {
    verb: 'POST',
    path: 'bucket/method/remove_folder',
    auth: true,
    handle: (deps, call) => removeFolder(deps, requireActor(call), body(call)),
  },
  {
    verb: 'POST',
    path: 'bucket/method/remove_file',
    auth: true,
    handle: (deps, call) => removeFile(deps, requireActor(call), body(call)),
  },
  {
    verb: 'POST',
    path: 'bucket/method/update_file',
    auth: true,
    handle: (deps, call) => updateFile(deps, requireActor(call), body(call)),
  },
]
