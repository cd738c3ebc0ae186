// Endpoints of the file pipeline: a plain multipart upload (the path without JavaScript; resumable
// uploads go to /uploads/tus) and a file's status, the re-check of atelier.md §4.
import { requireActor, stringField, type Endpoint } from '#app/platform/api/endpoint.server'
import { FileTooLargeError, getFile, receiveFormUpload } from '#app/features/files/files.server'
import { fetchRequestOf } from '#app/features/files/upload.server'

export const fileEndpoints: Endpoint[] = [
  {
    verb: 'POST',
    path: 'file/method/upload',
    auth: true,
    multipart: true,
    // brand and purpose come in the query, so they are checked before the body is read.
    handle: (deps, call) =>
      receiveFormUpload(deps, requireActor(call), fetchRequestOf(call.req), {
        brand: stringField(call.query, 'brand'),
        purpose: stringField(call.query, 'purpose'),
        media: stringField(call.query, 'media'),
      }).catch((error: unknown) => {
        // The rest of the body is never read: the connection cannot carry another request.
        if (error instanceof FileTooLargeError) call.req.res?.setHeader('Connection', 'close')
        throw error
      }),
  },
  {
    verb: 'GET',
    path: 'file/model/:key',
    auth: true,
    handle: (deps, call) => getFile(deps, requireActor(call), call.key!),
  },
]
