// COPY of staged rows (app/features/imports/staging.ts, text format) into import_rows, on a connection
// of the caller's: the import's worker thread opens one COPY for the whole file and writes each
// batch into it as it is read, so the server never waits for a statement between two batches.
import { once } from 'node:events'
import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { STAGING_COLUMNS } from '#app/features/imports/staging'

export interface StagingCopy {
  /** Writes a batch; resolves once the connection can take more (the server keeps up). */
  write(rows: Uint8Array): Promise<void>
  /** Ends the COPY: the rows are in the table once this resolves. */
  finish(): Promise<void>
  /** Gives the COPY up: the server discards every row it had taken. */
  abort(): void
}

export function startStagingCopy(client: pg.ClientBase): StagingCopy {
  const stream = client.query(copyFrom(`COPY import_rows (${STAGING_COLUMNS}) FROM STDIN`))
  let failure: Error | null = null
  const failed = new Promise<never>((_, reject) =>
    stream.once('error', (error: Error) => {
      failure = error
      reject(error)
    }),
  )
  failed.catch(() => undefined) // raised where it is awaited
  return {
    async write(rows) {
      if (failure) throw failure
      if (rows.byteLength > 0 && !stream.write(rows)) await Promise.race([once(stream, 'drain'), failed])
    },
    async finish() {
      if (failure) throw failure
      stream.end()
      await Promise.race([once(stream, 'finish'), failed])
    },
    abort() {
      if (!failure && !stream.destroyed) stream.destroy(new Error('The import stopped.'))
    },
  }
}
