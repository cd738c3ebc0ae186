// A pid file in DATA_DIR tells other commands (seed) that a portal is using the embedded database.
import fs from 'node:fs'
import path from 'node:path'

const fileIn = (dataDir: string) => path.join(dataDir, 'portal.pid')

export function writePidFile(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(fileIn(dataDir), String(process.pid))
  return () => fs.rmSync(fileIn(dataDir), { force: true })
}

export function runningServerPid(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(fileIn(dataDir), 'utf8'))
    if (!Number.isInteger(pid) || pid <= 0) return null
    process.kill(pid, 0)
    return pid
  } catch {
    return null
  }
}
