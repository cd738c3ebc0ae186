// The JSON API described for scripts (docs/decisions/188): an OpenAPI 3.1 document made from the
// router's own endpoint table when it is asked for, so it lists every route the router answers,
// never one it does not. Each operation says its method and path, whether it needs a session (a
// session cookie or a Firebase ID token as `Authorization: Bearer`), its key in the path, its
// body as JSON Schema where the endpoint declares its zod schema (zod's toJSONSchema), a file where it
// takes multipart, and the envelope of its answers and errors.
import { toJSONSchema, type $ZodType } from 'zod/v4/core'
import type { Endpoint } from '#app/platform/api/endpoint.server'

export const OPENAPI_PATH = '/api/openapi.json'
export const REFERENCE_PATH = '/api/reference'

/** Error types and the statuses they come with (app/platform/errors.ts). */
const ERRORS: Record<string, string> = {
  '400': 'ValidationError: the input is not what the call takes; the message names the field.',
  '401': 'AuthNoSession, AuthInvalidSession or AuthInvalidCredentials.',
  '403': 'PermissionError: the account may not do this.',
  '404': 'NotFound: no such record, or one of a brand the account has no access to.',
  '405': 'MethodNotAllowed: the address takes other methods (see the Allow header).',
  '409': 'Conflict: the record changed since it was read, or the action is done already.',
  '413': 'ValidationError: the body or file is larger than the call takes.',
  '415': 'UnsupportedMediaType: a body of a kind the call does not take.',
  '429': 'RateLimited: too many calls; try again later.',
}

function operationId(endpoint: Endpoint): string {
  const words = endpoint.path
    .split('/')
    .filter((part) => part && part !== ':key')
    .flatMap((part) => part.split('_'))
  return [endpoint.verb.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('')
}

/** The request body's JSON Schema, from the endpoint's zod schema as it is read (input). */
function bodySchema(schema: $ZodType): Record<string, unknown> {
  const json = toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' })
  delete json.$schema
  return json as Record<string, unknown>
}

function operation(endpoint: Endpoint): Record<string, unknown> {
  const responses: Record<string, unknown> = {
    '200': {
      description: 'Done: the answer is in `data` (a list may page: `cursor`, `more`, `total`).',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Answer' } } },
    },
  }
  for (const [status, description] of Object.entries(ERRORS)) {
    if (!endpoint.auth && (status === '401' || status === '403')) continue
    responses[status] = { $ref: `#/components/responses/Error${status}`, description }
  }
  const op: Record<string, unknown> = {
    operationId: operationId(endpoint),
    summary: endpoint.summary ?? `${endpoint.verb} ${endpoint.path.replace(':key', '{key}')}`,
    tags: [endpoint.path.split('/')[0]!],
    security: endpoint.auth ? [{ session: [] }, { idToken: [] }] : [],
    responses,
  }
  if (endpoint.path.includes(':key')) {
    op.parameters = [
      { name: 'key', in: 'path', required: true, schema: { type: 'string' }, description: 'The record key.' },
    ]
  }
  if (endpoint.multipart) {
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
          },
        },
      },
    }
  } else if (endpoint.body) {
    op.requestBody = { required: true, content: { 'application/json': { schema: bodySchema(endpoint.body) } } }
  } else if (endpoint.verb !== 'GET' && endpoint.verb !== 'DELETE') {
    op.requestBody = {
      required: false,
      content: { 'application/json': { schema: { type: 'object', description: 'The fields the call takes.' } } },
    }
  }
  return op
}

export function openApiDocument(endpoints: readonly Endpoint[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const endpoint of endpoints) {
    const path = `/api/${endpoint.path.replace(':key', '{key}')}`
    paths[path] ??= {}
    paths[path][endpoint.verb.toLowerCase()] = operation(endpoint)
  }
  const errorResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  })
  return {
    openapi: '3.1.0',
    info: {
      title: 'Brand portal API',
      version,
      description:
        'The JSON API the portal pages and scripts use. Answers are `{ "data": … }`; refusals are ' +
        '`{ "error": { "type", "message" } }` with the status of their type. Sign in with ' +
        '`POST /api/account/method/login`, then send the session cookie, or send a Firebase ID token ' +
        'as `Authorization: Bearer`.',
    },
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: '__session', description: 'The session a sign-in sets.' },
        idToken: { type: 'http', scheme: 'bearer', description: 'A Firebase ID token of the account.' },
      },
      schemas: {
        Answer: {
          type: 'object',
          required: ['data'],
          properties: {
            data: {},
            cursor: { type: ['integer', 'string', 'null'] },
            more: { type: 'boolean' },
            total: { type: 'integer' },
          },
        },
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['type', 'message'],
              properties: { type: { type: 'string' }, message: { type: 'string' } },
            },
          },
        },
      },
      responses: Object.fromEntries(
        Object.entries(ERRORS).map(([status, description]) => [`Error${status}`, errorResponse(description)]),
      ),
    },
  }
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** Text with its `code` spans (as the document writes them, in Markdown) set as code. */
const withCode = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>')

/** The document as a page a person reads: operations by tag, each with what it needs. */
export function referencePage(document: Record<string, unknown>, nonce: string): string {
  const paths = document.paths as Record<
    string,
    Record<string, { summary: string; tags: string[]; security: unknown[] }>
  >
  const byTag = new Map<string, string[]>()
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const rows = byTag.get(op.tags[0]!) ?? []
      rows.push(
        `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escape(path)}</code></td><td>${
          op.security.length ? 'session' : 'open'
        }</td></tr>`,
      )
      byTag.set(op.tags[0]!, rows)
    }
  }
  const sections = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, rows]) => `<h2>${escape(tag)}</h2><table>${rows.join('')}</table>`)
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Brand portal API</title>
<style nonce="${nonce}">body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1a1a1a}
table{border-collapse:collapse;width:100%;table-layout:fixed}td:first-child{width:5rem}td:last-child{width:6rem}td{padding:.25rem .5rem;border-bottom:1px solid #e5e5e5}code{font-size:13px}</style>
</head><body><h1>Brand portal API</h1><p>${withCode(String((document.info as { description: string }).description))}</p>
<p>The whole description, for tools: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a> (OpenAPI 3.1).</p>${sections}</body></html>`
}
