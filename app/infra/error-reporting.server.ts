// Errors and notable events are written as one JSON object per line (for log collectors) and,
// when SENTRY_DSN is set, sent to Sentry (or any service speaking its protocol). The Sentry SDK
// is loaded only then: it costs about 70 MB of resident memory (docs/decisions/040).
import { AsyncLocalStorage } from 'node:async_hooks'
import type * as SentrySdk from '@sentry/node'
import { redactFields, redactText } from './redact'

type Level = 'info' | 'warn' | 'error'

/** The request a line is written for: every line of one request carries its id (access-log.server.ts). */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>()

export function logEvent(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  const requestId = requestContext.getStore()?.requestId
  // Paths and error messages can hold invite tokens and blob link signatures (app/infra/redact.ts).
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    msg: redactText(msg),
    ...(requestId && { requestId }),
    ...redactFields(fields),
  })
  if (level === 'error') console.error(line)
  else console.log(line)
}

let sentryDsn: string | null = null
let Sentry: typeof SentrySdk | null = null

/** Starts reporting to the configured service; without a DSN, errors are only logged. */
export async function initErrorReporting(options: { dsn?: string; environment: string }): Promise<void> {
  if (!options.dsn || options.dsn === sentryDsn) return
  Sentry ??= await import('@sentry/node')
  Sentry.init({
    dsn: options.dsn,
    environment: options.environment,
    // Errors only: no tracing, no automatic instrumentation of every module we load.
    defaultIntegrations: false,
    enableRuntimeChannelInjection: false,
    tracesSampleRate: 0,
    // What leaves the process is redacted as the log lines are.
    beforeSend: (event) => redactFields(event),
  })
  sentryDsn = options.dsn
}

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack }
  return { message: String(error) }
}

/** Logs an unexpected error and reports it when a service is configured. */
export function reportError(error: unknown, context: Record<string, unknown> = {}): void {
  logEvent('error', String(context.msg ?? 'unexpected error'), { ...context, error: describe(error) })
  if (sentryDsn) Sentry?.captureException(error, { extra: redactFields(context) })
}

/** Waits until reported errors have left the process (at shutdown). */
export async function flushErrorReports(timeoutMs = 2000): Promise<void> {
  if (sentryDsn) await Sentry?.flush(timeoutMs)
}
