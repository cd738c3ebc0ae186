// Record keys: short random strings, safe in URLs and impossible to enumerate (see
// docs/decisions/004-ids-and-kind.md).
import { createHash, randomBytes } from 'node:crypto'

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'

function encode(bytes: Uint8Array, length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i]! % ALPHABET.length]
  return out
}

/** 16 characters from a 32-letter alphabet: 80 bits of randomness. */
export function newKey(): string {
  return encode(randomBytes(16), 16)
}

/** A stable key derived from a name, used only for the demo workspace so every process agrees. */
export function demoKey(name: string): string {
  return encode(createHash('sha256').update(`demo:${name}`).digest(), 16)
}
