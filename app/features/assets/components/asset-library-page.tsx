// The asset library page, and the page shown when the brand has no bucket yet.
import { folderHref } from '#app/features/assets/asset-paths'
import { useCsrfToken } from '#app/platform/csrf'
import { Button, ButtonLink } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { CsrfField, EmptyState } from '#app/ui/misc'
import { Form, Link, useNavigation } from '@remix-run/react'
import { Dialogs } from './asset-dialogs'
import { EntryTable, EntryTiles, Pages } from './asset-entries'
import { type LibraryPageProps, withQuery } from './asset-library-props'
import { Breadcrumbs, FolderLink, FolderTree, SortLinks } from './asset-navigation'
import { LibraryDragProvider } from './library-drag'

export function AssetLibraryPage(props: LibraryPageProps) {
  const { brandKey, folder, tree, view, mayChange, query } = props
  const here = folderHref(brandKey, folder.segments)
  const csrf = useCsrfToken()
  const navigation = useNavigation()
  const uploading = navigation.state === 'submitting' && navigation.formEncType === 'multipart/form-data'
  return (
    <LibraryDragProvider enabled={mayChange} csrf={csrf} action={withQuery(here, query, { dialog: null, item: null })}>
      <div className="flex flex-col gap-6 lg:flex-row">
        <aside className="lg:w-60 lg:shrink-0" aria-label="Folders">
          <nav className="rounded-lg border border-line bg-white p-3 text-sm">
            <FolderLink
              brandKey={brandKey}
              segments={[]}
              className={`block rounded px-2 py-1 font-medium hover:bg-black/5 ${folder.segments.length === 0 && !folder.search ? 'bg-black/5' : ''}`}
            >
              {folder.bucket.name}
            </FolderLink>
            <FolderTree brandKey={brandKey} folders={tree} open={folder.segments} />
          </nav>
        </aside>
        <section className="flex min-w-0 flex-1 flex-col gap-4" aria-label="Assets">
          <Breadcrumbs
            brandKey={brandKey}
            segments={folder.segments}
            rootName={folder.bucket.name}
            search={folder.search}
          />
          <div className="flex flex-wrap items-center gap-3" data-testid="library-toolbar">
            <Form method="get" action={here} className="flex items-center gap-2" role="search">
              <label htmlFor="library-search" className="sr-only">
                Search by name
              </label>
              <input
                id="library-search"
                name="search"
                type="search"
                defaultValue={folder.search}
                placeholder="Search the library"
                maxLength={100}
                className="w-56 rounded-md border border-line px-3 py-1.5 text-sm"
              />
              {view === 'table' ? <input type="hidden" name="view" value="table" /> : null}
              <Button type="submit" variant="secondary">
                Search
              </Button>
            </Form>
            <SortLinks here={here} query={query} sort={folder.sort} order={folder.order} />
            <div className="ml-auto flex items-center gap-2">
              <div role="group" aria-label="View" className="flex rounded-md border border-line bg-white p-0.5 text-sm">
                {(['tiles', 'table'] as const).map((mode) => (
                  <Link
                    key={mode}
                    to={withQuery(here, query, { view: mode === 'tiles' ? null : mode })}
                    aria-current={view === mode ? 'true' : undefined}
                    preventScrollReset
                    className={`rounded px-3 py-1 capitalize ${view === mode ? 'bg-ink text-white' : ''}`}
                  >
                    {mode}
                  </Link>
                ))}
              </div>
              {mayChange && !folder.search ? (
                <>
                  <ButtonLink
                    to={withQuery(here, query, { dialog: 'folder', item: null })}
                    variant="secondary"
                    preventScrollReset
                  >
                    New folder
                  </ButtonLink>
                  <ButtonLink to={withQuery(here, query, { dialog: 'upload', item: null })} preventScrollReset>
                    Upload
                  </ButtonLink>
                </>
              ) : null}
            </div>
          </div>
          {folder.search ? (
            <p className="text-sm text-muted" role="status">
              {folder.total === 1 ? '1 result' : `${folder.total} results`} for “{folder.search}”.{' '}
              <Link to={here} className="underline">
                Clear search
              </Link>
            </p>
          ) : null}
          {folder.entries.length === 0 ? (
            <EmptyState
              title={
                folder.search
                  ? 'No results'
                  : folder.segments.length === 0
                    ? 'Library is currently empty'
                    : 'No assets are available'
              }
            >
              {mayChange && !folder.search ? 'Upload files or create a folder to start.' : null}
            </EmptyState>
          ) : view === 'table' ? (
            <EntryTable {...props} here={here} />
          ) : (
            <EntryTiles {...props} here={here} />
          )}
          {folder.total > 0 ? <Pages here={here} query={query} folder={folder} /> : null}
          {mayChange && uploading ? (
            <p className="text-sm text-muted" role="status">
              Uploading…
            </p>
          ) : null}
        </section>
        <Dialogs {...props} here={here} csrf={csrf} />
      </div>
    </LibraryDragProvider>
  )
}

/** atelier.md §4 Brand storage: the dialog shown while the brand has no bucket. */
export function BucketRequired({ mayCreate, brandKey }: { mayCreate: boolean; brandKey: string }) {
  const csrf = useCsrfToken()
  return (
    <RouteDialog title="Asset Library" closeTo={`/brand/${brandKey}`}>
      <div className="flex flex-col gap-4 text-sm">
        <p>A brand bucket is required to use the Asset Library.</p>
        {mayCreate ? (
          <Form method="post" className="flex justify-end">
            <CsrfField token={csrf} />
            <input type="hidden" name="intent" value="create-bucket" />
            <Button type="submit">Create bucket</Button>
          </Form>
        ) : (
          <p className="text-muted">Ask an owner or editor of the brand to create it.</p>
        )}
      </div>
    </RouteDialog>
  )
}
