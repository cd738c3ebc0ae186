// The scanner every upload passes before it becomes available (docs/decisions/092). Built-in
// checks always run: the EICAR test signature anywhere in the bytes, and for ZIP archives their
// directory (compression ratio, total size, nested archives, entry count) and the contents of
// their small entries. With CLAMD_SOCKET or CLAMD_HOST set, ClamAV's clamd scans the bytes too,
// through its INSTREAM command. Anything the scanner cannot finish counts as not clean.
import fs from 'node:fs'
import net from 'node:net'
import { inflateRawSync } from 'node:zlib'
import type { FileScanResult } from '#db/schema'
import { detectType } from '#app/platform/file-type'

/**
 * The anti-virus test file's signature (eicar.org), kept in two halves so this source file is
 * not itself reported by a virus scanner.
 */
export const EICAR = Buffer.from(
  ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'].join(''),
  'latin1',
)

export const CLEAN: FileScanResult = { verdict: 'clean', check: 'built-in' }

export interface ArchiveLimits {
  /** Uncompressed bytes over archive bytes, above which (and past `ratioFloorBytes`) it is a bomb. */
  maxRatio: number
  ratioFloorBytes: number
  /** Most uncompressed bytes an archive may unpack to. */
  maxTotalBytes: number
  maxEntries: number
  /** Entries up to this size are unpacked to look inside them (EICAR, nested archives). */
  inspectEntryBytes: number
}

export const ARCHIVE_LIMITS: ArchiveLimits = {
  maxRatio: 100,
  ratioFloorBytes: 50 * 1024 ** 2,
  maxTotalBytes: 8 * 1024 ** 3,
  maxEntries: 10_000,
  inspectEntryBytes: 16 * 1024 ** 2,
}

const NESTED_ARCHIVE = /\.(zip|jar|gz|tgz|tar|bz2|xz|7z|rar|zst)$/i

/** Whether the bytes of a stream hold the EICAR signature anywhere (also across chunk edges). */
export async function containsEicar(stream: AsyncIterable<Buffer>): Promise<boolean> {
  let tail: Buffer = Buffer.alloc(0)
  for await (const chunk of stream) {
    const window = tail.length ? Buffer.concat([tail, chunk]) : chunk
    if (window.includes(EICAR)) return true
    tail = window.subarray(Math.max(0, window.length - (EICAR.length - 1)))
  }
  return false
}

interface ZipEntry {
  name: string
  method: number
  flags: number
  compressed: number
  uncompressed: number
  localOffset: number
}

async function readAt(handle: fs.promises.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length)
  const { bytesRead } = await handle.read(buffer, 0, length, position)
  return buffer.subarray(0, bytesRead)
}

/** The central directory of a ZIP file (with ZIP64 sizes), or null when it cannot be read. */
async function zipDirectory(handle: fs.promises.FileHandle, size: number): Promise<ZipEntry[] | null> {
  const tailLength = Math.min(size, 65_557)
  const tail = await readAt(handle, size - tailLength, tailLength)
  const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (end < 0 || end + 22 > tail.length) return null
  let count = tail.readUInt16LE(end + 10)
  let directorySize = tail.readUInt32LE(end + 12)
  let directoryOffset = tail.readUInt32LE(end + 16)
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const locator = end - 20
    if (locator < 0 || tail.readUInt32LE(locator) !== 0x07064b50) return null
    const record = await readAt(handle, Number(tail.readBigUInt64LE(locator + 8)), 56)
    if (record.length < 56 || record.readUInt32LE(0) !== 0x06064b50) return null
    count = Number(record.readBigUInt64LE(32))
    directorySize = Number(record.readBigUInt64LE(40))
    directoryOffset = Number(record.readBigUInt64LE(48))
  }
  if (directoryOffset + directorySize > size || directorySize > 64 * 1024 ** 2) return null
  const directory = await readAt(handle, directoryOffset, directorySize)
  const entries: ZipEntry[] = []
  let at = 0
  while (at + 46 <= directory.length && directory.readUInt32LE(at) === 0x02014b50) {
    const nameLength = directory.readUInt16LE(at + 28)
    const extraLength = directory.readUInt16LE(at + 30)
    const commentLength = directory.readUInt16LE(at + 32)
    const entry: ZipEntry = {
      flags: directory.readUInt16LE(at + 8),
      method: directory.readUInt16LE(at + 10),
      compressed: directory.readUInt32LE(at + 20),
      uncompressed: directory.readUInt32LE(at + 24),
      localOffset: directory.readUInt32LE(at + 42),
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
    }
    // ZIP64: the sizes marked 0xffffffff follow in the extra field 0x0001, in this order.
    let extra = at + 46 + nameLength
    const extraEnd = extra + extraLength
    while (extra + 4 <= extraEnd && extra + 4 <= directory.length) {
      const id = directory.readUInt16LE(extra)
      const length = directory.readUInt16LE(extra + 2)
      if (id === 0x0001) {
        let field = extra + 4
        for (const name of ['uncompressed', 'compressed', 'localOffset'] as const) {
          if (entry[name] === 0xffffffff && field + 8 <= extra + 4 + length) {
            entry[name] = Number(directory.readBigUInt64LE(field))
            field += 8
          }
        }
      }
      extra += 4 + length
    }
    entries.push(entry)
    at = extraEnd + commentLength
  }
  return entries.length === count ? entries : null
}

/** The unpacked bytes of a small entry, or null when it cannot be (encrypted, unknown method). */
async function entryBytes(handle: fs.promises.FileHandle, entry: ZipEntry): Promise<Buffer | null> {
  if (entry.flags & 1) return null
  const header = await readAt(handle, entry.localOffset, 30)
  if (header.length < 30 || header.readUInt32LE(0) !== 0x04034b50) return null
  const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28)
  const data = await readAt(handle, start, entry.compressed)
  if (entry.method === 0) return data
  // Never more than the entry says it holds: a lying header cannot make this unpack a bomb.
  if (entry.method === 8) return inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressed) })
  return null
}

/** Checks a ZIP archive: null when it is fine, else why it is refused. */
export async function inspectZip(
  file: string,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
  options: { allowNested?: boolean } = {},
): Promise<FileScanResult | null> {
  const refuse = (detail: string): FileScanResult => ({ verdict: 'refused', check: 'archive', detail })
  const handle = await fs.promises.open(file, 'r')
  try {
    const { size } = await handle.stat()
    const entries = await zipDirectory(handle, size)
    if (!entries) return refuse('The archive’s directory cannot be read.')
    if (entries.length > limits.maxEntries) return refuse(`The archive holds more than ${limits.maxEntries} files.`)
    const total = entries.reduce((sum, entry) => sum + entry.uncompressed, 0)
    if (total > limits.maxTotalBytes) return refuse('The archive unpacks to more than the size allowed.')
    if (total > limits.ratioFloorBytes && total / Math.max(size, 1) > limits.maxRatio) {
      return refuse(`The archive unpacks to more than ${limits.maxRatio} times its size (an archive bomb).`)
    }
    for (const entry of entries) {
      if (!options.allowNested && NESTED_ARCHIVE.test(entry.name)) {
        return refuse(`The archive holds another archive (${entry.name}).`)
      }
      if (entry.uncompressed > limits.inspectEntryBytes || entry.name.endsWith('/')) continue
      let bytes: Buffer | null
      try {
        bytes = await entryBytes(handle, entry)
      } catch {
        return refuse(`The archive’s entry ${entry.name} cannot be unpacked.`)
      }
      if (!bytes) continue
      if (bytes.includes(EICAR)) return { verdict: 'infected', check: 'signature', detail: 'EICAR test signature' }
      const inner = detectType(bytes.subarray(0, 512))
      if (!options.allowNested && (inner === 'application/zip' || (bytes[0] === 0x1f && bytes[1] === 0x8b))) {
        return refuse(`The archive holds another archive (${entry.name}).`)
      }
    }
    return null
  } finally {
    await handle.close()
  }
}

/** How much of a file each read takes, for the signature search and for clamd. */
const SCAN_CHUNK_BYTES = 256 * 1024

/** The built-in checks of a stored file whose type (by content) is known. */
export async function builtInScan(file: string, type: string, limits?: ArchiveLimits): Promise<FileScanResult> {
  if (await containsEicar(fs.createReadStream(file, { highWaterMark: SCAN_CHUNK_BYTES }))) {
    return { verdict: 'infected', check: 'signature', detail: 'EICAR test signature' }
  }
  if (type === 'application/zip') return (await inspectZip(file, limits)) ?? CLEAN
  // Formats built on ZIP (docx, xlsx, u3m, zprj…) get the same bomb and signature checks; an
  // archive inside them is part of the format (a chart's workbook in a document), so it may stay.
  if (await startsAsZip(file)) return (await inspectZip(file, limits, { allowNested: true })) ?? CLEAN
  return CLEAN
}

async function startsAsZip(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r')
  try {
    const head = Buffer.alloc(4)
    const { bytesRead } = await handle.read(head, 0, 4, 0)
    return bytesRead === 4 && head.readUInt32LE(0) === 0x04034b50
  } finally {
    await handle.close()
  }
}

export type ClamdTarget = { socket: string } | { host: string; port: number }

/**
 * Sends a file to clamd with INSTREAM (chunks of a 4-byte big-endian length and the bytes, then
 * a zero length) and reads its one-line answer: `stream: OK`, `stream: {name} FOUND`, or an error.
 */
export function clamdScan(file: string, target: ClamdTarget, timeoutMs = 120_000): Promise<FileScanResult> {
  return new Promise((resolve) => {
    const socket = 'socket' in target ? net.connect({ path: target.socket }) : net.connect(target)
    const reply: Buffer[] = []
    let settled = false
    const finish = (result: FileScanResult) => {
      if (settled) return
      settled = true
      socket.destroy()
      input.destroy()
      resolve(result)
    }
    const failed = (detail: string) => finish({ verdict: 'error', check: 'clamd', detail })
    // Large reads, each sent with its length in one write: a 2 GB file is 8,000 turns of the
    // portal's event loop instead of 32,000 (in two writes each), so the scan leaves it free for
    // everyone else; larger reads would hold more memory per scan for little more.
    const input = fs.createReadStream(file, { highWaterMark: SCAN_CHUNK_BYTES })
    socket.setTimeout(timeoutMs, () => failed('clamd did not answer in time.'))
    socket.on('error', (error) => failed(`clamd is unreachable (${error.message}).`))
    socket.on('data', (chunk: Buffer) => {
      reply.push(chunk)
      const text = Buffer.concat(reply).toString('utf8')
      if (!text.includes('\0')) return
      const line = text.slice(0, text.indexOf('\0')).replace(/^stream: /, '')
      if (line === 'OK') finish({ verdict: 'clean', check: 'clamd' })
      else if (line.endsWith(' FOUND')) finish({ verdict: 'infected', check: 'clamd', detail: line.slice(0, -6) })
      else failed(line)
    })
    socket.on('close', () => failed('clamd closed the connection without an answer.'))
    socket.once('connect', () => {
      socket.write('zINSTREAM\0')
      input.on('data', (data) => {
        const chunk = typeof data === 'string' ? Buffer.from(data) : data
        const length = Buffer.alloc(4)
        length.writeUInt32BE(chunk.length)
        socket.cork()
        socket.write(length)
        const flowing = socket.write(chunk)
        socket.uncork()
        if (!flowing) {
          input.pause()
          socket.once('drain', () => input.resume())
        }
      })
      input.on('end', () => socket.write(Buffer.alloc(4)))
      input.on('error', (error) => failed(`The file could not be read (${error.message}).`))
    })
  })
}

export interface Scanner {
  /** `built-in`, or `built-in + clamd`. */
  name: string
  scan(file: string, type: string): Promise<FileScanResult>
}

export function createScanner(options: { clamd?: ClamdTarget | null; archiveLimits?: ArchiveLimits }): Scanner {
  const clamd = options.clamd ?? null
  return {
    name: clamd ? 'built-in + clamd' : 'built-in',
    async scan(file, type) {
      const builtIn = await builtInScan(file, type, options.archiveLimits)
      if (builtIn.verdict !== 'clean' || !clamd) return builtIn
      return clamdScan(file, clamd)
    },
  }
}

/** clamd from the environment: CLAMD_SOCKET wins over CLAMD_HOST; neither means none. */
export function clamdFromEnv(env: { CLAMD_SOCKET?: string; CLAMD_HOST?: string; CLAMD_PORT: number }) {
  if (env.CLAMD_SOCKET) return { socket: env.CLAMD_SOCKET }
  if (env.CLAMD_HOST) return { host: env.CLAMD_HOST, port: env.CLAMD_PORT }
  return null
}
