// The server side of media-manage.tsx: what its route loads and does.
import { parsePageQuery } from '#app/features/catalogue'
import { listingStyleName, loadManagePage, moveMediaByOne } from '#app/features/media/media-manage.server'
import { MEDIA_TEXTS } from '#app/features/media/media-names'
import { MANAGE_PAGE_SIZE, POOL_STEP } from '#app/features/media/media-order'
import { attachMedia, detachMedia, saveMediaPositions } from '#app/features/media/media.server'
import { AppError } from '#app/platform/errors'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

export const access = brandPage('brand.view')

/** The page's own query: page and pool size, beside the list's filters (and `order`, the switch). */
function pageQuery(url: URL) {
  const { filter } = parsePageQuery(url.searchParams)
  const page = Math.min(Math.max(Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1, 1), 100_000)
  const poolShown = Math.max(Number.parseInt(url.searchParams.get('pool') ?? '0', 10) || 0, POOL_STEP)
  return {
    filter: { ...filter, cursor: (page - 1) * MANAGE_PAGE_SIZE, limit: MANAGE_PAGE_SIZE },
    page,
    poolShown,
  }
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const url = new URL(request.url)
  const query = pageQuery(url)
  const data = await run(() => loadManagePage(context.deps, actor, brandKey, query))
  return json({
    brandKey,
    me: { key: actor.key, name: actor.name },
    filter: query.filter,
    page: query.page,
    ...data,
  })
}

/** Where the page answers a form: itself, with the query it was posted from. */
function pageAddress(request: Request): string {
  const url = new URL(request.url)
  url.searchParams.delete('index')
  url.searchParams.delete('_data')
  return `${url.pathname}${url.search}`
}

/** Refusals (no access, not this brand's) answer as errors; anything else is a toast on the page. */
function refusal(error: unknown): boolean {
  return error instanceof AppError && (error.type === 'PermissionError' || error.type === 'NotFound')
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const back = pageAddress(request)
  const field = (name: string) => {
    const value = formData.get(name)
    return typeof value === 'string' ? value : ''
  }
  const toast = (kind: 'success' | 'error' | 'info', message: string) =>
    redirectWithToast(request, context, back, { kind, message })
  const intent = field('intent')
  const attempt = async (work: () => Promise<Response>, failed: (error: unknown) => Promise<Response>) => {
    try {
      return await work()
    } catch (error) {
      if (refusal(error) || !(error instanceof AppError)) return run(() => Promise.reject(error))
      return failed(error)
    }
  }
  switch (intent) {
    case 'attach':
      return attempt(
        async () => {
          const result = await attachMedia(context.deps, actor, {
            brand: brandKey,
            media: field('media'),
            listing: field('listing'),
          })
          return toast('success', MEDIA_TEXTS.associated(result.style))
        },
        async () => {
          const style = await listingStyleName(context.deps, brandKey, field('listing'))
          return toast('error', MEDIA_TEXTS.associateFailed(style ?? 'the listing'))
        },
      )
    case 'detach':
      return attempt(
        async () => {
          await detachMedia(context.deps, actor, { brand: brandKey, media: field('media') })
          return toast('success', MEDIA_TEXTS.associationRemoved)
        },
        () => toast('error', MEDIA_TEXTS.associationNotRemoved),
      )
    case 'move':
      return attempt(
        async () => {
          await moveMediaByOne(context.deps, actor, {
            brand: brandKey,
            media: field('media'),
            direction: field('direction'),
          })
          return toast('success', MEDIA_TEXTS.positionsSaved)
        },
        (error) => toast('error', (error as AppError).message),
      )
    case 'positions':
      return attempt(
        async () => {
          await saveMediaPositions(context.deps, actor, { keys: field('keys'), positions: field('positions') })
          return toast('success', MEDIA_TEXTS.positionsSaved)
        },
        (error) => toast('error', (error as AppError).message),
      )
    default:
      return json({ error: { type: 'ValidationError', message: 'intent: attach, detach, move or positions.' } }, 400)
  }
}
