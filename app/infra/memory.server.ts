// Start-up leaves garbage behind: migrations, the demo seed and its pictures allocate. V8 only
// collects it once the JavaScript heap grows, which an idle portal never does, so the memory
// stayed resident for hours. One full collection after start returns it (docs/decisions/040).
import v8 from 'node:v8'
import vm from 'node:vm'

export function collectStartupGarbage(): void {
  const existing = (globalThis as { gc?: () => void }).gc
  if (existing) return existing()
  // `gc` is exposed only by a Node flag; setting it now makes a fresh context offer it.
  v8.setFlagsFromString('--expose-gc')
  const gc = vm.runInNewContext('gc') as () => void
  gc()
}
