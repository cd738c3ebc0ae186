#!/usr/bin/env node
// Checks that every repository path named in backticks in README.md,
// docs/*.md and docs/decisions/*.md exists. Globs (with * or <) are skipped,
// and so is a path followed by " (since removed)".
// Usage: node scripts/check-doc-paths.mjs   (exits 1 and lists missing paths)
import console from 'node:console'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import process from 'node:process'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

const prefixes = ['app/', 'db/', 'realtime/', 'tests/', 'scripts/', 'bench/', 'docs/', 'deploy/', 'public/', '.ci/']

const rootFiles = new Set([
  'server.ts',
  'package.json',
  'package-lock.json',
  'README.md',
  'Dockerfile',
  'docker-compose.yml',
  'drizzle.config.ts',
  'eslint.config.js',
  'playwright.config.ts',
  'postcss.config.js',
  'remix.config.js',
  'tailwind.config.ts',
  'tsconfig.json',
  'vitest.config.ts',
  '.env.example',
  '.prettierrc.json',
  '.prettierignore',
  '.gitignore',
  '.dockerignore',
  '.npmrc',
])

function markdownFiles(dir) {
  const full = join(root, dir)
  if (!existsSync(full)) return []
  return readdirSync(full)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join(dir, name))
}

function looksLikePath(token) {
  if (/\s/.test(token)) return false
  if (token.includes('*') || token.includes('<')) return false
  if (rootFiles.has(token)) return true
  return prefixes.some((p) => token.startsWith(p) && token.length > p.length)
}

const files = ['README.md', ...markdownFiles('docs'), ...markdownFiles('docs/decisions')]

const missing = []
let checked = 0

for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8')
  const lines = text.split('\n')
  lines.forEach((line, index) => {
    // Inline code spans: `token`
    for (const match of line.matchAll(/`([^`\n]+)`/g)) {
      let token = match[1].trim()
      const after = line.slice(match.index + match[0].length)
      if (after.startsWith(' (since removed)')) continue
      // A path may be named with a position or a symbol: `file.ts:120`, `file.ts#name`
      token = token.replace(/[:#][\w.-]*$/, '')
      if (!looksLikePath(token)) continue
      checked += 1
      // Paths are checked literally (route files keep their + and $).
      const target = join(root, token.replace(/\/$/, ''))
      if (!existsSync(target)) {
        missing.push(`${file}:${index + 1}: ${token}`)
      }
    }
  })
}

if (missing.length > 0) {
  console.error(`${missing.length} path(s) named in the docs do not exist (of ${checked} checked):`)
  for (const line of missing) console.error(`  ${line}`)
  process.exit(1)
}
console.log(`All ${checked} paths named in ${files.length} files exist.`)
