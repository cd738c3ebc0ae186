// The virtual atelier's live pages: a socket joins `style:{key}` while its page shows that style,
// one of its samples or it in the list of styles, and hears every change to the style's samples
// (ATELIER_EVENTS.changed).
// Access is read again on every watch through the access module: a member who can no longer see
// the style is refused, and someone without a grant cannot tell a style that exists from one that
// does not (decision 007).
// A review decision (a status, a change request's state) may come over the socket too: the page's
// own form, sent without the page round trip, so the others hear of it sooner (decision 153).
import { requireAbility } from '#app/platform/access/access.server'
import { AppError } from '#app/platform/errors'
import { setSampleStatus, StaleStatus, updateFeedback } from '#app/features/samples/index.server'
import { ATELIER_EVENTS, atelierRooms, type SampleReviewAck } from '#app/platform/protocol'
import type { RealtimeUnit } from './types'
import { loadGrants } from '#app/platform/access/grants.server'

export const atelierUnit: RealtimeUnit = {
  name: 'atelier',
  events: {
    async [ATELIER_EVENTS.watch]({ deps, actor, socket }, payload) {
      const { styles } = payload as { styles: string[] }
      const fresh = { ...actor, grants: await loadGrants(deps, actor.key) }
      const allowed: string[] = []
      for (const style of new Set(styles)) {
        try {
          await requireAbility(deps, fresh, 'brand.view', { model: 'Style', key: style })
          allowed.push(style)
        } catch (error) {
          if (!(error instanceof AppError)) throw error
        }
      }
      if (allowed.length > 0) await socket.join(allowed.map(atelierRooms.style))
      return allowed.length === new Set(styles).size ? { ok: true } : { ok: false, error: 'PermissionError' }
    },
    async [ATELIER_EVENTS.review]({ deps, actor }, payload): Promise<SampleReviewAck> {
      const decision = payload as
        | { sample: string; intent: 'status'; status: string; base?: string }
        | { sample: string; intent: 'feedback'; feedback: string; state?: string; assignee?: string; priority?: string }
      // Grants are read afresh: a socket opened before a grant was removed must not keep it.
      const fresh = { ...actor, grants: await loadGrants(deps, actor.key) }
      try {
        const done =
          decision.intent === 'status'
            ? await setSampleStatus(deps, fresh, decision.sample, decision.status, decision.base)
            : await updateFeedback(deps, fresh, decision.sample, decision.feedback, {
                state: decision.state,
                assignee: decision.assignee,
                priority: decision.priority,
              })
        return { ok: true, message: done.message }
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error
        // A stale status names the one the sample has, so the page shows the refusal only beside it.
        const current = error instanceof StaleStatus ? { current: error.current } : {}
        return { ok: false, error: error.type, message: error.message, ...current }
      }
    },
    async [ATELIER_EVENTS.unwatch]({ socket }, payload) {
      for (const style of (payload as { styles: string[] }).styles) await socket.leave(atelierRooms.style(style))
      return { ok: true }
    },
  },
}
