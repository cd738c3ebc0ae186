// The priority of the server process behind one connection (db/background-connection.ts says
// when it may be changed). Kept apart from the database client so a worker thread can use it
// without loading the rest.
import os from 'node:os'
import type pg from 'pg'

const BACKGROUND_NICENESS = 10

/** Gives the backend serving `client` background priority; answers whether it could. */
export async function lowerBackendPriority(client: pg.ClientBase): Promise<boolean> {
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
    const pid = rows[0]?.pid
    if (!pid) return false
    os.setPriority(pid, BACKGROUND_NICENESS)
    return true
  } catch {
    // Not allowed (another user's server) or no such process: the normal priority.
    return false
  }
}
