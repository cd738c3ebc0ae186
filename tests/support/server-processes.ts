// Processes of an embedded Postgres server, as /proc shows them: its postmaster (from the
// cluster's lock file), the postmaster's own children and the watchdog that stops it with the
// portal. Tests assert on whether these exist, never on how fast they go.
import fs from 'node:fs'
import path from 'node:path'

/** Running: present and not a zombie (an exited process its parent has not reaped yet). */
export function processRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The state follows the command name, which is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}

/** The pid in the cluster's postmaster.pid, or null when there is no lock file. */
export function postmasterPid(clusterDir: string): number | null {
  try {
    return Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0])
  } catch {
    return null
  }
}

function processes(): { pid: number; ppid: number; args: string[] }[] {
  const found: { pid: number; ppid: number; args: string[] }[] = []
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean)
      found.push({ pid: Number(entry), ppid, args })
    } catch {
      // gone meanwhile
    }
  }
  return found
}

/** The running children of a process (a postmaster's checkpointer, backends, …). */
export function childPids(pid: number): number[] {
  return processes()
    .filter((p) => p.ppid === pid && processRunning(p.pid))
    .map((p) => p.pid)
}

/** The watchdog shells (`sh -c … portal-db-watchdog <pid>`) set to stop this postmaster. */
export function watchdogPids(serverPid: number): number[] {
  return processes()
    .filter((p) => p.args.includes('portal-db-watchdog') && p.args.at(-1) === String(serverPid))
    .filter((p) => processRunning(p.pid))
    .map((p) => p.pid)
}
