// `npm run bench`: starts the built portal as `npm start` does and prints
//  - the JavaScript the login page loads, gzip bytes (budget ≤ 120 KB),
//  - median time to first byte of `/` (signed out) and of `/brands` (signed in),
//  - the sign-in round trip (form post to redirect), median,
//  - the portal's resident memory (VmRSS) at idle after start and after the runs above,
//  - chat under load and opening a long conversation (bench/chat.ts), on a portal of its own.
// Figures go to stdout and to bench/results/latest.json. Not part of the test suite.
//  - the catalogue at 100,000 listings: the filter call on PGlite and Postgres, and the signed-in
//    products list and /brands under load (bench/catalogue.ts), on a portal of its own.
//  - the spreadsheet import: 100,000 rows end to end on PGlite and Postgres, and a 1 GB file's
//    peak memory (bench/imports.ts), on portals of their own.
//  - the file pipeline: thumbnails per second, a batch of 200 photos uploaded and scanned, and
//    memory during a 2 GB upload (bench/files.ts), on a portal of its own.
//  - the media management page: its data request with 5,000 media items in a brand
//    (bench/media-manage.ts), on a portal of its own.
//  - the asset library: a folder of 50,000 files at its first and last page, and renaming a
//    folder with 10,000 files below it (bench/assets.ts), on a portal of its own.
//  - live markup of a virtual sample: cold load of a document of 10,000 shapes and a stroke's way
//    to 49 other viewers (bench/sample-markup.ts), on a portal of its own.
// BENCH_ONLY=chat, BENCH_ONLY=catalogue, BENCH_ONLY=imports, BENCH_ONLY=files, BENCH_ONLY=media-manage,
// BENCH_ONLY=assets, BENCH_ONLY=markup or BENCH_ONLY=pages runs that part alone.
import fs from 'node:fs'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { spawnPortal } from '../scripts/spawn-portal'
import { chatBench, printChatFigures, type ChatFigures } from './chat'
import { catalogueBench, printCatalogueFigures } from './catalogue'
import { filesBench, printFilesFigures } from './files'
import { importsBench, printImportFigures } from './imports'
import { mediaManageBench, printMediaManageFigures } from './media-manage'
import { assetsBench, printAssetFigures } from './assets'
import { markupBench, printMarkupFigures } from './sample-markup'

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 50)
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 15)
const LOGIN_JS_BUDGET = 120 * 1024
const ONLY = process.env.BENCH_ONLY

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!
}

/** Time until the response headers arrive (fetch resolves then), in ms. */
async function ttfb(url: string, cookie?: string): Promise<number> {
  const start = performance.now()
  const response = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: 'manual' })
  const elapsed = performance.now() - start
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
  return elapsed
}

/** Resident memory of a process in MB, from /proc (Linux); null elsewhere. */
function residentMB(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? Math.round(Number(kb) / 1024) : null
  } catch {
    return null
  }
}

function cookiesFrom(response: Response, jar: Map<string, string>) {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';')
    const [name, ...rest] = pair!.split('=')
    jar.set(name!.trim(), rest.join('='))
  }
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')

async function signInOnce(baseURL: string): Promise<{ ms: number; cookie: string }> {
  const jar = new Map<string, string>()
  const page = await fetch(`${baseURL}/`)
  cookiesFrom(page, jar)
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1]
  if (!csrf) throw new Error('no CSRF token on the login page')
  const body = new URLSearchParams({ csrf, email: 'admin@demo.test', password: 'Demo-passw0rd!', redirectTo: '' })
  const start = performance.now()
  const response = await fetch(`${baseURL}/?index`, {
    method: 'POST',
    body,
    headers: { cookie: cookieHeader(jar), 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  })
  const ms = performance.now() - start
  if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`)
  cookiesFrom(response, jar)
  return { ms, cookie: cookieHeader(jar) }
}

async function loginPageJavaScript(baseURL: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  })
  const page = await browser.newPage()
  const scripts: { url: string; raw: number; gzip: number }[] = []
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return
    const body = await response.body()
    scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 6 }).length })
  })
  await page.goto(`${baseURL}/`, { waitUntil: 'networkidle' })
  await browser.close()
  return scripts
}

/** The pages' figures: login JavaScript, time to first byte, sign-in, memory. */
async function pageFigures() {
  const portal = await spawnPortal('bench', { compiled: true })
  try {
    // Idle: started, demo data seeded, no request served yet but the health check.
    await new Promise((resolve) => setTimeout(resolve, 2000))
    const idleRssMB = residentMB(portal.pid)
    const scripts = await loginPageJavaScript(portal.baseURL)
    const loginGzip = scripts.reduce((sum, s) => sum + s.gzip, 0)

    for (let i = 0; i < 5; i++) await ttfb(`${portal.baseURL}/`) // warm up
    const rootTimes: number[] = []
    for (let i = 0; i < SAMPLES; i++) rootTimes.push(await ttfb(`${portal.baseURL}/`))

    const signIns: number[] = []
    let cookie = ''
    for (let i = 0; i < SIGN_INS; i++) {
      const result = await signInOnce(portal.baseURL)
      signIns.push(result.ms)
      cookie = result.cookie
    }

    for (let i = 0; i < 5; i++) await ttfb(`${portal.baseURL}/brands`, cookie)
    const brandsTimes: number[] = []
    for (let i = 0; i < SAMPLES; i++) brandsTimes.push(await ttfb(`${portal.baseURL}/brands`, cookie))

    const afterRunsRssMB = residentMB(portal.pid)

    const figures = {
      date: new Date().toISOString(),
      loginPageJavaScriptGzipBytes: loginGzip,
      loginPageJavaScriptBudgetBytes: LOGIN_JS_BUDGET,
      loginPageScripts: scripts,
      ttfbRootMedianMs: +median(rootTimes).toFixed(1),
      ttfbRootP95Ms: +p95(rootTimes).toFixed(1),
      ttfbBrandsSignedInMedianMs: +median(brandsTimes).toFixed(1),
      ttfbBrandsSignedInP95Ms: +p95(brandsTimes).toFixed(1),
      signInRoundTripMedianMs: +median(signIns).toFixed(1),
      signInRoundTripP95Ms: +p95(signIns).toFixed(1),
      residentMemoryIdleMB: idleRssMB,
      residentMemoryAfterRunsMB: afterRunsRssMB,
      samples: { ttfb: SAMPLES, signIns: SIGN_INS },
    }

    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
    console.log('\nBrand portal benchmark')
    console.log(
      `  login page JavaScript (gzip)   ${kb(loginGzip)} in ${scripts.length} files (budget ${kb(LOGIN_JS_BUDGET)}) ${loginGzip <= LOGIN_JS_BUDGET ? 'OK' : 'OVER BUDGET'}`,
    )
    console.log(
      `  TTFB /           median ${figures.ttfbRootMedianMs} ms   p95 ${figures.ttfbRootP95Ms} ms   (${SAMPLES} requests)`,
    )
    console.log(
      `  TTFB /brands     median ${figures.ttfbBrandsSignedInMedianMs} ms   p95 ${figures.ttfbBrandsSignedInP95Ms} ms   (${SAMPLES} requests, signed in)`,
    )
    console.log(
      `  sign-in round trip median ${figures.signInRoundTripMedianMs} ms   p95 ${figures.signInRoundTripP95Ms} ms   (${SIGN_INS} sign-ins)`,
    )
    console.log(`  resident memory  idle ${idleRssMB ?? '?'} MB   after the runs ${afterRunsRssMB ?? '?'} MB`)
    if (loginGzip > LOGIN_JS_BUDGET) process.exitCode = 1
    return figures
  } finally {
    await portal.stop()
  }
}

const results: Record<string, unknown> = { date: new Date().toISOString() }
const runs = (part: string) => !ONLY || ONLY === part
if (runs('pages')) Object.assign(results, await pageFigures())
if (runs('catalogue')) {
  const catalogue = await catalogueBench()
  results.catalogue = catalogue
  printCatalogueFigures(catalogue)
}
if (runs('imports')) {
  const imports = await importsBench()
  results.imports = imports
  printImportFigures(imports)
}
if (runs('chat')) {
  const chat: ChatFigures = await chatBench(residentMB)
  results.chat = chat
  printChatFigures(chat)
  // The latency goals depend on the machine; a lost or unstored message never does.
  if (chat.portal.lost > 0 || chat.portal.storedOfSent !== chat.portal.sent) process.exitCode = 1
}
if (runs('files')) {
  const files = await filesBench(residentMB)
  results.files = files
  printFilesFigures(files)
}
if (runs('media-manage')) {
  const mediaManage = await mediaManageBench()
  results.mediaManage = mediaManage
  printMediaManageFigures(mediaManage)
}
if (runs('assets')) {
  const assets = await assetsBench()
  results.assets = assets
  printAssetFigures(assets)
}
if (runs('markup')) {
  const markup = await markupBench()
  results.markup = markup
  printMarkupFigures(markup)
  if (markup.stroke.lost > 0) process.exitCode = 1
}
fs.mkdirSync('bench/results', { recursive: true })
fs.writeFileSync('bench/results/latest.json', JSON.stringify(results, null, 2))
