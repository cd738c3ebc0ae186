// `/readyz` for a load balancer: can this process serve now? Each service the process depends on
// (the database always, Redis when configured) is asked at once, with a deadline, and a process
// that is stopping answers "not ready" so the balancer sends nobody new while it drains.
// `/healthz` stays the liveness probe: it answers as long as the process runs.

/** A dependency that must answer for the process to serve. */
export interface ReadinessCheck {
  name: string
  check(): Promise<unknown>
}

export type CheckState = 'ok' | 'timed out' | 'unreachable'

export interface ReadinessAnswer {
  status: 200 | 503
  body: { ready: boolean; stopping: boolean; checks: Record<string, CheckState> }
  /** What a failing check threw, for the log (never sent: it may name hosts and ports). */
  failures: { name: string; message: string }[]
}

/** Each check may take this long; a balancer's probe itself times out after a few seconds. */
export const READINESS_TIMEOUT_MS = 2_000

export async function readiness(
  checks: readonly ReadinessCheck[],
  options: { stopping: boolean; timeoutMs?: number },
): Promise<ReadinessAnswer> {
  const timeoutMs = options.timeoutMs ?? READINESS_TIMEOUT_MS
  const failures: ReadinessAnswer['failures'] = []
  const states = await Promise.all(
    checks.map(async ({ name, check }): Promise<[string, CheckState]> => {
      let timer: NodeJS.Timeout | undefined
      const deadline = new Promise<'timed out'>((resolve) => {
        timer = setTimeout(() => resolve('timed out'), timeoutMs)
      })
      try {
        const state = await Promise.race([check().then(() => 'ok' as const), deadline])
        if (state === 'timed out') failures.push({ name, message: `no answer within ${timeoutMs} ms` })
        return [name, state]
      } catch (error) {
        failures.push({ name, message: error instanceof Error ? error.message : String(error) })
        return [name, 'unreachable']
      } finally {
        clearTimeout(timer)
      }
    }),
  )
  const allOk = states.every(([, state]) => state === 'ok')
  const ready = allOk && !options.stopping
  return {
    status: ready ? 200 : 503,
    body: { ready, stopping: options.stopping, checks: Object.fromEntries(states) },
    failures,
  }
}
