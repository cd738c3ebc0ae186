// Memory of a running portal and of its embedded Postgres server, from /proc (Linux; null
// elsewhere). Resident size (VmRSS) counts pages shared between processes once per process, so a
// server of a dozen processes sharing one buffer cache would be counted a dozen times over:
// proportional set size (Pss) divides each shared page among the processes that map it, and the
// sum over the portal and every server process is what the two take from the machine together.
import fs from 'node:fs'
import path from 'node:path'

/** Resident memory of a process in MB; null when it can't be read. */
export function residentMB(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? Math.round(Number(kb) / 1024) : null
  } catch {
    return null
  }
}

/** Proportional set size of a process in kB; null when it can't be read (gone, or no /proc). */
export function pssKB(pid: number): number | null {
  try {
    const kb = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1]
    return kb ? Number(kb) : null
  } catch {
    return null
  }
}

/** Every process's parent, read once: the process tree at this moment. */
function parents(): Map<number, number> {
  const tree = new Map<number, number>()
  let entries: string[]
  try {
    entries = fs.readdirSync('/proc')
  } catch {
    return tree
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      // The command name may hold spaces and parentheses: the fields follow its last ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      tree.set(Number(entry), ppid)
    } catch {
      // exited meanwhile
    }
  }
  return tree
}

function descendants(pid: number, tree: Map<number, number>): number[] {
  const found: number[] = []
  const queue = [pid]
  while (queue.length > 0) {
    const parent = queue.shift()!
    for (const [child, ppid] of tree) {
      if (ppid === parent) {
        found.push(child)
        queue.push(child)
      }
    }
  }
  return found
}

/** The embedded server's postmaster, from the first line of its lock file; null when not running. */
export function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0])
    return Number.isInteger(pid) && pid > 0 && fs.existsSync(`/proc/${pid}`) ? pid : null
  } catch {
    return null
  }
}

export interface PortalMemory {
  /** The portal's own process. */
  portalMB: number
  /** The postmaster and all its children (backends, checkpointer, autovacuum, I/O workers …). */
  postgresMB: number
  postgresProcesses: number
  /** portalMB + postgresMB: the figure the memory goal is about. */
  totalMB: number
  /** The portal's other child processes (Auth emulator, image process …), not in the total. */
  othersMB: number
  otherProcesses: number
}

const mb = (kb: number) => Math.round(kb / 1024)

/** Pss of the portal and of its embedded server (found through its data folder); null off Linux. */
export function portalMemory(portal: { pid: number; dataDir: string }): PortalMemory | null {
  const own = pssKB(portal.pid)
  if (own === null) return null
  const tree = parents()
  const postmaster = postmasterPid(portal.dataDir)
  const server = postmaster === null ? [] : [postmaster, ...descendants(postmaster, tree)]
  const inServer = new Set(server)
  const others = descendants(portal.pid, tree).filter((pid) => !inServer.has(pid))
  const sum = (pids: number[]) => pids.reduce((total, pid) => total + (pssKB(pid) ?? 0), 0)
  const postgres = sum(server)
  return {
    portalMB: mb(own),
    postgresMB: mb(postgres),
    postgresProcesses: server.length,
    totalMB: mb(own + postgres),
    othersMB: mb(sum(others)),
    otherProcesses: others.length,
  }
}

export function describeMemory(memory: PortalMemory | null): string {
  if (!memory) return 'not measurable here (no /proc)'
  return (
    `${memory.totalMB} MB (portal ${memory.portalMB} MB + Postgres ${memory.postgresMB} MB in ${memory.postgresProcesses} processes; ` +
    `not counted: ${memory.othersMB} MB in ${memory.otherProcesses} other processes the portal started)`
  )
}
