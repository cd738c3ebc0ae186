// Runs a worker thread's TypeScript module where nothing is built (development, tests, the
// benchmark's tsx runs): tsx compiles it, as it does the main thread's modules. A built portal
// starts the compiled build/<name>.worker.mjs instead (scripts/build-server.mjs).
import process from 'node:process'
import { register } from 'tsx/esm/api'

register()
await import(process.argv[2])
