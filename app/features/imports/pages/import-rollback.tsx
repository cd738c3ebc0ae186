// Roll back an upload from History, the newest or an older one: the listings it created are
// removed and the listings it updated get their earlier values back, in one transaction (the
// service). Confirmed by a form, so it works without JavaScript. An upload that cannot be rolled
// back says why instead: a later upload that changed its rows (with a link to roll that one back
// first) or edits made since (docs/decisions/178).
import { NO_ROW_NUMBERS, ROLLBACK_TEXTS } from '#app/features/imports/import-texts'
import { countOf, formatWhenToMinute } from '#app/platform/format'
import { buttonClass } from '#app/ui/button'
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { RouteDialog } from '#app/ui/dialog'
import { Link, useLoaderData } from '@remix-run/react'
import { CloseToHistory, UploadRefusal } from '#app/features/imports/components/history-dialogs'
import type { loader } from './import-rollback.server'

export default function RollbackImport() {
  const { brandKey, view, refusal, blockers } = useLoaderData<typeof loader>()
  const history = `/brand/${brandKey}/products/upload?tab=history`
  if (!refusal && (blockers.imports.length > 0 || blockers.edited.count > 0)) {
    return (
      <RouteDialog title="Roll back upload" closeTo={history}>
        <div className="flex flex-col gap-4 text-sm" data-testid="rollback-blocked">
          <p role="status">
            The upload of <span className="font-medium">{view.filename}</span> can’t be rolled back as it is: some of
            the listings it wrote were changed since.
          </p>
          <ul className="flex flex-col gap-3">
            {[...blockers.imports].reverse().map((later) => (
              <li key={later.key} className="rounded-md border border-line px-3 py-2" data-testid="rollback-blocker">
                <p>{ROLLBACK_TEXTS.blocked({ imports: [later], edited: NO_ROW_NUMBERS })}</p>
                <p className="mt-1 text-xs text-muted">
                  Committed{' '}
                  <time dateTime={later.committedAt} suppressHydrationWarning>
                    {formatWhenToMinute(later.committedAt)}
                  </time>
                </p>
                <Link
                  to={`/brand/${brandKey}/products/upload/${later.key}/rollback`}
                  className={buttonClass('secondary', 'mt-2')}
                >
                  Roll back {later.filename}
                </Link>
              </li>
            ))}
            {blockers.edited.count > 0 ? (
              <li className="rounded-md border border-line px-3 py-2" data-testid="rollback-edited">
                {ROLLBACK_TEXTS.blocked({ imports: [], edited: blockers.edited })} Change them back by hand, or upload a
                file with the values they should have.
              </li>
            ) : null}
          </ul>
          <CloseToHistory history={history} />
        </div>
      </RouteDialog>
    )
  }
  if (refusal) {
    return (
      <UploadRefusal title="Roll back upload" history={history}>
        The upload of <span className="font-medium">{view.filename}</span> can’t be rolled back. {refusal}
      </UploadRefusal>
    )
  }
  return (
    <ConfirmDialog title="Roll back upload" closeTo={history} confirmLabel="Roll back">
      <p className="text-sm">
        Are you sure you want to roll back the upload of <span className="font-medium">{view.filename}</span>? The{' '}
        {countOf(view.counts.created, 'listing')} it created will be removed and the{' '}
        {countOf(view.counts.updated, 'listing')} it updated will get their earlier values back.
      </p>
    </ConfirmDialog>
  )
}
