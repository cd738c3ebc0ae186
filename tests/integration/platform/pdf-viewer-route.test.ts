// The PDF renderer's files are served from the installed package (docs/decisions/133): the module
// and worker as JavaScript, cached for good; nothing else of the package or of node_modules.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestPortal, type TestPortal } from '#tests/support/portal'
import { PDF_VIEWER, PDF_VIEWER_PATH } from '#app/platform/pdf-viewer'

let portal: TestPortal
beforeAll(async () => {
  portal = await startTestPortal()
})
afterAll(() => portal?.destroy())

it('serves the module, its worker and the standard fonts, as JavaScript and immutable', async () => {
  for (const file of [PDF_VIEWER.module, PDF_VIEWER.worker]) {
    const answer = await fetch(`${portal.url}${file}`)
    expect(answer.status, file).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(answer.headers.get('cache-control')).toMatch(/immutable/)
    expect((await answer.text()).length).toBeGreaterThan(100_000)
  }
  const font = await fetch(`${portal.url}${PDF_VIEWER.standardFonts}LiberationSans-Bold.ttf`)
  expect(font.status).toBe(200)
})

it('serves nothing outside its folders', async () => {
  for (const path of [
    `${PDF_VIEWER_PATH}/package.json`,
    `${PDF_VIEWER_PATH}/build/../package.json`,
    `${PDF_VIEWER_PATH}/build/%2e%2e/package.json`,
    `${PDF_VIEWER_PATH}/build/..%2f..%2fpapaparse/package.json`,
    `${PDF_VIEWER_PATH}/web/pdf_viewer.mjs`,
    `${PDF_VIEWER_PATH}/build/`,
    `/vendor/pdfjs-0.0.1/build/pdf.min.mjs`,
  ]) {
    const answer = await fetch(`${portal.url}${path}`, { redirect: 'manual' })
    expect([400, 403, 404], path).toContain(answer.status)
    expect(await answer.text()).not.toMatch(/"name":\s*"(pdfjs-dist|papaparse)"/)
  }
})
