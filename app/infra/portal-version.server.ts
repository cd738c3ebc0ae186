// The portal's version, from its package.json: written into backups and the API's description.
import fs from 'node:fs'
import path from 'node:path'

export function portalVersion(): string {
  try {
    return (
      (JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')) as { version?: string }).version ?? 'unknown'
    )
  } catch {
    return 'unknown'
  }
}
