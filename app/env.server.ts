// Environment, parsed once at startup. Every variable is listed in README's configuration table.
import os from 'node:os'
import { z } from 'zod'

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1')

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  SESSION_SECRET: z.string().min(16).optional(),
  TRUST_PROXY: flag,
  FIREBASE_PROJECT_ID: z.string().optional(),
  FIREBASE_API_KEY: z.string().optional(),
  GOOGLE_APPLICATION_CREDENTIALS: z.string().optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  AUTH_EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(9099),
  /** Unset: seed in development and tests, not in production (the demo password is public). */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
  /** Production on the Auth emulator (a trial, end-to-end tests): its tokens carry no signature. */
  ALLOW_AUTH_EMULATOR: flag,
  DEMO_PASSWORD: z.string().min(6).default('Demo-passw0rd!'),
  LOGIN_LIMIT_ACCOUNT: z.coerce.number().int().positive().default(10),
  LOGIN_LIMIT_IP: z.coerce.number().int().positive().default(50),
  LOGIN_LIMIT_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  /** Failed sign-ins of an account (in the rate-limit window) after which a human check is asked. */
  LOGIN_HUMAN_CHECK_AFTER: z.coerce.number().int().positive().default(3),
  RESOURCES_URL: z.string().url().default('https://github.com/'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Brand Portal <no-reply@localhost>'),
  SENTRY_DSN: z.string().url().optional(),
  HIBP_API_URL: z.string().url().optional(),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  /** Largest upload of any kind, in bytes (docs/decisions/091). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(4 * 1024 ** 3),
  /** Largest image upload (product photos), in bytes. */
  UPLOAD_IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 ** 2),
  /** Most pixels an uploaded image may have (width × height), checked before it is decoded. */
  UPLOAD_MAX_PIXELS: z.coerce.number().int().positive().default(60_000_000),
  /**
   * Images resized at once (thumbnails, web sizes) in the image process; the rest wait their
   * turn. Default: one per core, at most 4 (docs/decisions/109).
   */
  IMAGE_WORKERS: z.coerce.number().int().min(1).max(16).default(Math.min(4, os.availableParallelism())),
  /** Nice value of the image process (0–19; higher yields more to the portal's requests). */
  IMAGE_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** ClamAV's clamd on a local socket, or on a host and port; unset: the built-in scanner alone. */
  CLAMD_SOCKET: z.string().optional(),
  CLAMD_HOST: z.string().optional(),
  CLAMD_PORT: z.coerce.number().int().min(1).max(65535).default(3310),
  /**
   * Files in S3-compatible object storage instead of DATA_DIR/blobs when S3_BUCKET is set
   * (credentials the AWS SDK's usual way: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, a role).
   */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** The service's address; unset for AWS S3 itself. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Addresses as endpoint/bucket/key (MinIO, Ceph and most self-hosted services). */
  S3_FORCE_PATH_STYLE: flag,
  /**
   * One JSON line per request (method, route, status, time; docs/decisions/185); on unless set to
   * false, and off by default in tests.
   */
  ACCESS_LOG: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
  /** Serves /metrics (Prometheus) to requests with `Authorization: Bearer <token>`; unset, no /metrics. */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /** Where backups are written (`npm run backup` and the schedule); default DATA_DIR/backups. */
  BACKUP_DIR: z.string().optional(),
  /**
   * Backs up on a schedule when set: every so long, as a number and a unit (30m, 6h, 1d); at
   * least 5 minutes. Unset: only `npm run backup` (docs/decisions/184).
   */
  BACKUP_EVERY: z
    .string()
    .regex(/^\d+\s*[mhd]$/, 'a number and m, h or d, as 30m, 6h or 1d')
    .refine((value) => backupIntervalMs(value) >= 5 * 60_000, 'at least 5m')
    .optional(),
  /** How many scheduled archives are kept in BACKUP_DIR (the newest). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** At SIGTERM, how long requests in flight may take to finish before they are cut. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(25),
})

/** BACKUP_EVERY's interval in milliseconds ("6h" → 21,600,000). */
export function backupIntervalMs(value: string): number {
  const unit = value.trim().slice(-1)
  const minutes = { m: 1, h: 60, d: 24 * 60 }[unit] ?? Number.NaN
  return Number.parseInt(value, 10) * minutes * 60_000
}

/** Every variable the portal reads (deployment files are checked against it). */
export const ENV_NAMES: readonly string[] = Object.keys(EnvSchema.shape)

export type Env = Omit<z.infer<typeof EnvSchema>, 'SEED_DEMO'> & {
  SEED_DEMO: boolean
  /** The Firebase project: the configured one, or the emulator's demo project. */
  firebaseProjectId: string
  /** True when no real Firebase project is configured and the Auth emulator is used. */
  useAuthEmulator: boolean
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const result = EnvSchema.safeParse(present)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`)
  }
  const env = result.data
  const useAuthEmulator = !env.FIREBASE_PROJECT_ID || Boolean(env.FIREBASE_AUTH_EMULATOR_HOST)
  if (!useAuthEmulator && !env.FIREBASE_API_KEY) {
    throw new Error('FIREBASE_API_KEY is required when FIREBASE_PROJECT_ID names a real Firebase project')
  }
  if (useAuthEmulator && env.NODE_ENV === 'production' && !env.ALLOW_AUTH_EMULATOR) {
    throw new Error(
      'NODE_ENV=production needs a real Firebase project (FIREBASE_PROJECT_ID, FIREBASE_API_KEY): the Auth emulator ' +
        'accepts anyone. Set ALLOW_AUTH_EMULATOR=true to run a trial on the emulator anyway.',
    )
  }
  return {
    ...env,
    SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    firebaseProjectId: env.FIREBASE_PROJECT_ID ?? 'demo-brand-portal',
    useAuthEmulator,
  }
}
