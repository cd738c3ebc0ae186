// Record keys: short random strings, safe in URLs and impossible to enumerate (see
// docs/decisions/004-ids-and-kind.md).
import { createHash, randomFillSync } from 'node:crypto'

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'

function encode(bytes: Uint8Array, length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i]! % ALPHABET.length]
  return out
}

// Random bytes are drawn 4 KB at a time: a call to the generator per key costs more than the key
// itself, and an import makes one key per row.
const pool = new Uint8Array(4096)
let poolOffset = pool.length

/** 16 characters from a 32-letter alphabet: 80 bits of randomness. */
export function newKey(): string {
  if (poolOffset + 16 > pool.length) {
    randomFillSync(pool)
    poolOffset = 0
  }
  const key = encode(pool.subarray(poolOffset, poolOffset + 16), 16)
  poolOffset += 16
  return key
}

/** A stable key derived from a name, used only for the demo workspace so every process agrees. */
export function demoKey(name: string): string {
  return encode(createHash('sha256').update(`demo:${name}`).digest(), 16)
}
