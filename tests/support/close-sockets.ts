// A setup file of the integration tests: closes the sockets each test, and each file, opened
// through tests/support/sockets.ts. Setup files run for every test file, so these hooks do too.
import { afterAll, afterEach, beforeEach } from 'vitest'
import { fileEnded, testEnded, testStarted } from './sockets'

beforeEach(testStarted)
afterEach(testEnded)
afterAll(fileEnded)
