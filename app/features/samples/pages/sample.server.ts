// The server side of sample.tsx: what its route loads and does.
import { listThreadMessages, sendMessage, threadMessage } from '#app/features/chat/index.server'
import { markupPinThreadKey } from '#app/features/chat'
import { sampleMarkup } from '#app/features/samples/markup.server'
import { pinPreviews } from '#app/features/samples/pin-previews.server'
import { isPin, type AnyPin } from '#app/features/samples/markup/shapes'
import {
  deleteSample,
  earlierPinComments,
  getSampleReview,
  lockSampleAsFinal,
  renameSample,
  listSamples,
  sampleOnPage,
  setSampleStatus,
  StaleStatus,
} from '#app/features/samples/samples.server'
import {
  endRound,
  raiseFeedback,
  resolvePin,
  startRound,
  updateFeedback,
} from '#app/features/samples/review/review-changes.server'
import { pinStatesFromRequests } from '#app/features/samples/review/feedback-rules'
import { reopenSample } from '#app/features/samples/sample-lock.server'
import { getSampleReviewState, reviewHistory } from '#app/features/samples/review/review-reading.server'
import { REVIEW_TABS, dialogOf, type ReviewTab } from '#app/features/samples/components/sample-review-data'
import { parseCompareState, type CompareView } from '#app/features/samples/compare-view'
import { AppError } from '#app/platform/errors'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { parseZoom } from '#app/ui/zoom-pan'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// spec: not shown beyond the general brand rule; any grant on the brand
export const access = brandPage('brand.view')

/** An annotation's summary, as long as a comment may be. */
const MAX_SUMMARY = 2000

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const review = await run(() =>
    getSampleReview(context.deps, actor, params.brandKey!, params.styleKey!, params.sampleKey),
  )
  const thread = await run(() => listThreadMessages(context.deps, actor, 'Reference', review.sample.key))
  const query = new URL(request.url).searchParams
  const scope = query.get('feedback') === 'all' ? 'all' : 'version'
  const feedback = await run(() => getSampleReviewState(context.deps, actor, review.sample.key, scope))
  // A pin with a change request shows the request's state: one thing, one state.
  const pinStates = pinStatesFromRequests(feedback.items, review.sample.key)
  const markup = (await run(() => sampleMarkup(context.deps, actor, params.brandKey!, review.sample.key))).map(
    (shape) => (isPin(shape) && pinStates.has(shape.id) ? { ...shape, resolved: pinStates.get(shape.id)! } : shape),
  )
  // A pin's thread, when one is chosen; a pin since removed shows the sample's comments instead.
  const pin = markup.find((shape): shape is AnyPin => isPin(shape) && shape.id === query.get('pin')) ?? null
  const pinThread = pin
    ? await run(() =>
        listThreadMessages(context.deps, actor, 'MarkupPin', markupPinThreadKey(review.sample.key, pin.id)),
      )
    : null
  const earlier = pin ? await earlierPinComments(context.deps, params.brandKey!, review, pin.id) : []
  // The first comment of each pin, for its hover card on the picture.
  const previews = await run(() => pinPreviews(context.deps, actor, params.brandKey!, review.sample.key, markup))
  // The right panel's tab: a chosen pin opens its thread among the comments.
  const tab: ReviewTab = REVIEW_TABS.find((name) => name === query.get('tab')) ?? (pin ? 'comments' : 'feedback')
  // "Mark as change request" on a comment of the thread opens the Feedback tab's form with it.
  const markedMessage =
    tab === 'feedback' && feedback.leads && query.has('comment')
      ? await run(() => threadMessage(context.deps, actor, 'Reference', review.sample.key, query.get('comment')))
      : null
  const reviewEvents = tab === 'history' ? await reviewHistory(context.deps, review.sample.key) : []
  // Another version of the same series only; anything else shows the sample alone.
  const compare =
    review.versions.find((version) => version.key === query.get('compare') && version.key !== review.sample.key) ?? null
  // Its markup goes through the same access check as this version's.
  const compareView: CompareView | null = compare
    ? {
        ...parseCompareState(query),
        otherMarkup: await run(() => sampleMarkup(context.deps, actor, params.brandKey!, compare.key)),
      }
    : null
  return json({
    ...review,
    brandKey: params.brandKey!,
    selfKey: actor.key,
    thread,
    markup,
    pin,
    pinThread,
    earlierPinComments: earlier,
    pinPreviews: previews,
    selfName: actor.name,
    tab,
    feedback,
    markedMessage:
      markedMessage && !feedback.markedComments.includes(markedMessage.key)
        ? { ...markedMessage, text: markedMessage.text.slice(0, 280) }
        : null,
    reviewEvents,
    markupMode: query.get('markup') === 'on',
    // Closed unless asked for: the sample itself comes first (issue 28).
    showReferences: query.get('references') === 'on',
    listView: query.get('view') === 'list',
    compare,
    compareView,
    zoom: parseZoom(query.get('zoom')),
    dialog: dialogOf(query),
  })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const form = await request.formData()
  await requireCsrf(request, context, form)
  const { deps } = context
  const styleKey = params.styleKey!
  // The sample must be this style's and this brand's, and visible to the actor, before anything changes.
  const sampleKey = await run(() => sampleOnPage(deps, actor, params.brandKey!, styleKey, params.sampleKey))
  const url = new URL(request.url)
  url.searchParams.delete('dialog')
  const back = `${url.pathname}${url.search}`
  const intent = form.get('intent')
  try {
    if (intent === 'status') {
      // Based on a status it no longer has: 409 and the page again, with the sample as it is now.
      const changed = await setSampleStatus(deps, actor, sampleKey, form.get('status'), form.get('base')).catch(
        (error: unknown) => {
          if (error instanceof StaleStatus) return { refused: error.message, current: error.current }
          throw error
        },
      )
      if ('refused' in changed) return json(changed, { status: 409 })
      return redirectWithToast(request, context, back, { kind: 'success', message: changed.message })
    }
    if (intent === 'lock') {
      const locked = await lockSampleAsFinal(deps, actor, sampleKey)
      return redirectWithToast(request, context, back, { kind: 'success', message: locked.message })
    }
    if (intent === 'reopen') {
      const reopened = await reopenSample(deps, actor, sampleKey)
      return redirectWithToast(request, context, back, { kind: 'success', message: reopened.message })
    }
    if (intent === 'rename') {
      const renamed = await renameSample(deps, actor, sampleKey, form.get('name'))
      return redirectWithToast(request, context, back, { kind: 'success', message: renamed.message })
    }
    if (intent === 'delete') {
      const others = await listSamples(deps, actor, styleKey)
      const deleted = await deleteSample(deps, actor, sampleKey)
      const next = others.find((sample) => sample.key !== sampleKey)
      const to = next
        ? `/brand/${params.brandKey}/style/${styleKey}/samples/${next.key}`
        : `/brand/${params.brandKey}/style/${styleKey}`
      return redirectWithToast(request, context, to, { kind: 'success', message: deleted.message })
    }
    if (intent === 'annotate') {
      const summary = String(form.get('summary') ?? '').trim()
      if (summary.length > MAX_SUMMARY) {
        throw new AppError('ValidationError', `The summary is too long: at most ${MAX_SUMMARY} characters.`)
      }
      if (summary) {
        await sendMessage(deps, actor, { model: 'Reference', model_id: sampleKey, text: `Annotation: ${summary}` })
      }
      return redirectWithToast(request, context, back, { kind: 'success', message: 'Change saved successfully' })
    }
    if (intent === 'raise') {
      const raised = await raiseFeedback(deps, actor, sampleKey, {
        pin: form.get('pin') ?? undefined,
        message: form.get('message') ?? undefined,
        comment: form.get('comment') ?? undefined,
        assignee: form.get('assignee') ?? undefined,
        priority: form.get('priority') ?? undefined,
      })
      return redirectWithToast(request, context, back, { kind: 'success', message: raised.message })
    }
    if (intent === 'feedback') {
      const changed = await updateFeedback(deps, actor, sampleKey, form.get('feedback'), {
        state: form.get('state') ?? undefined,
        assignee: form.has('assignee') ? form.get('assignee') : undefined,
        priority: form.get('priority') ?? undefined,
      })
      return redirectWithToast(request, context, back, { kind: 'success', message: changed.message })
    }
    if (intent === 'round-start') {
      const started = await startRound(deps, actor, sampleKey, form.get('due'))
      return redirectWithToast(request, context, back, { kind: 'success', message: started.message })
    }
    if (intent === 'round-end') {
      const ended = await endRound(deps, actor, sampleKey, form.get('outcome'), form.get('summary'))
      return redirectWithToast(request, context, back, { kind: 'success', message: ended.message })
    }
    if (intent === 'resolve-pin') {
      const changed = await resolvePin(deps, actor, params.brandKey!, sampleKey, form.get('pin'), form.get('resolved'))
      return redirectWithToast(request, context, `${back}#comments`, { kind: 'success', message: changed.message })
    }
    if (form.has('text')) {
      // The comment thread's form without JavaScript: the open pin's thread, or the sample's.
      const pin = url.searchParams.get('pin')
      const thread = pin
        ? { model: 'MarkupPin', model_id: markupPinThreadKey(sampleKey, pin) }
        : { model: 'Reference', model_id: sampleKey }
      await sendMessage(deps, actor, { ...thread, text: String(form.get('text') ?? '') })
      return redirectWithToast(request, context, `${back}#comments`, { kind: 'success', message: 'Comment posted' })
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error
    const message = error.fields?.text?.[0] ?? error.message.replace(/^text: /, '')
    return redirectWithToast(request, context, back, {
      kind: 'error',
      message: message.charAt(0).toUpperCase() + message.slice(1),
    })
  }
  return redirectWithToast(request, context, back, {
    kind: 'error',
    message: 'Choose what to do: this form is not known.',
  })
}
