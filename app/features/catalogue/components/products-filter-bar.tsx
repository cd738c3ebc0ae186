// The filter bar: its dropdowns of checkboxes, search and the queries it builds.
import {
  FILTER_LISTS,
  VIEW_MODES,
  filterSearchParams,
  type ListingFilter,
} from '#app/features/catalogue/listing-filter'
import { buttonClass } from '#app/ui/button'
import { useCarriedState } from '#app/ui/carried-state'
import { escapeHtml } from '#app/ui/html-text'
import { InfoIcon, ViewModeIcon } from '#app/ui/icons'
import { Form, useSubmit } from '@remix-run/react'
import { PageLink } from '#app/ui/page-link'
import { useEffect, useMemo, useRef } from 'react'
import { FILTER_LABELS, listHref, type Choice, type ProductsListProps } from './products-list-props'

export function FilterBar(props: ProductsListProps) {
  const { base, brandKey, filter, choices, view, per, showTeamInfo, styleSearch } = props
  const submit = useSubmit()
  const latestSubmit = useRef(submit)
  latestSubmit.current = submit
  const form = useRef<HTMLFormElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  // With JavaScript the list follows the form: ticks at once, typing after a short pause; the
  // address changes with it (replace, so Back leaves the list rather than undoing keystrokes).
  // A native listener: the dropdowns' checkboxes are HTML text, which React's onChange misses.
  useEffect(() => {
    const element = form.current
    if (!element) return
    const follow = (event: Event) => {
      const delay = (event.target as HTMLElement).getAttribute('type') === 'search' ? 250 : 0
      clearTimeout(timer.current)
      timer.current = setTimeout(
        () => latestSubmit.current(element, { replace: true, preventScrollReset: true }),
        delay,
      )
    }
    element.addEventListener('input', follow)
    return () => {
      element.removeEventListener('input', follow)
      clearTimeout(timer.current)
    }
  }, [])
  return (
    <div
      className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-white p-3"
      data-testid="filter-bar"
    >
      <Form ref={form} method="get" action={base} role="search" className="flex flex-1 flex-wrap items-center gap-2">
        <label className="relative min-w-56 flex-1">
          <span className="sr-only">Search products</span>
          <input
            type="search"
            name="search"
            defaultValue={filter.search}
            // Short enough to show whole at the field's narrowest (every filter chosen, 1280 wide);
            // the title says it all.
            placeholder="Search name, number…"
            title="Search by style name or number, material, line or collection"
            maxLength={100}
            className="w-full rounded-md border border-line px-3 py-2 text-sm focus:border-ink focus:outline-none"
          />
        </label>
        {FILTER_LISTS.map((name) =>
          choices[name].length > 0 || (name === 'styles' && styleSearch) ? (
            <CheckboxDropdown
              key={name}
              name={name}
              label={FILTER_LABELS[name]}
              choices={choices[name]}
              selected={filter[name]}
              finder={
                name === 'styles' && (choices.moreStyles || styleSearch)
                  ? { name: 'styleSearch', value: styleSearch, more: choices.moreStyles }
                  : undefined
              }
            />
          ) : null,
        )}
        {view !== 'table' ? <input type="hidden" name="view" value={view} /> : null}
        {per !== 50 ? <input type="hidden" name="per" value={per} /> : null}
        <button type="submit" className={buttonClass('primary', 'py-2')}>
          Apply
        </button>
      </Form>
      <nav aria-label="View" className="flex items-center gap-1">
        {VIEW_MODES.map((mode) => (
          <PageLink
            key={mode}
            to={listHref(props, { view: mode, page: props.page })}
            aria-label={`${mode[0]!.toUpperCase()}${mode.slice(1)} view`}
            aria-current={mode === view ? 'page' : undefined}
            className={`rounded-md p-2 ${mode === view ? 'bg-ink text-white' : 'text-muted hover:bg-black/5 hover:text-ink'}`}
            preventScrollReset
          >
            <ViewModeIcon mode={mode} />
          </PageLink>
        ))}
      </nav>
      {/* The list as it is filtered, in the upload template's columns (docs/decisions/180). */}
      <div className="flex items-center gap-1" data-testid="products-export">
        <a href={exportAddress(brandKey, props.filter, 'xlsx')} download className={buttonClass('secondary', 'py-2')}>
          Export
        </a>
        <a
          href={exportAddress(brandKey, props.filter, 'csv')}
          download
          className="rounded-md px-2 py-2 text-sm font-medium text-muted hover:bg-black/5 hover:text-ink"
          aria-label="Export as CSV"
        >
          CSV
        </a>
        {/* A PDF of style cards for buyers, from a dialog over the list (docs/decisions/183). */}
        <PageLink
          to={`/brand/${brandKey}/products/line-sheet${listQuery(props)}`}
          className="rounded-md px-2 py-2 text-sm font-medium text-muted hover:bg-black/5 hover:text-ink"
          preventScrollReset
        >
          Line Sheet
        </PageLink>
      </div>
      {props.canUpload ? (
        <PageLink
          to={`/brand/${brandKey}/products/upload${uploadScopeQuery(props.filter)}`}
          className={buttonClass('secondary', 'py-2')}
        >
          Product Upload
        </PageLink>
      ) : null}
      {showTeamInfo ? (
        <PageLink
          to={`${base}/team${listQuery(props)}`}
          aria-label="Team"
          className="rounded-full p-2 text-muted hover:bg-black/5 hover:text-ink"
          preventScrollReset
        >
          <InfoIcon />
        </PageLink>
      ) : null}
    </div>
  )
}

/** The export of the list as filtered (all its pages), as a workbook or a CSV. */
export function exportAddress(
  brandKey: string,
  filter: Parameters<typeof filterSearchParams>[0],
  format: 'xlsx' | 'csv',
): string {
  const query = filterSearchParams(filter, {})
  query.set('format', format)
  return `/brand/${brandKey}/products/export?${query.toString()}`
}

/** The list's query string, to carry through a modal and back. */
/**
 * The upload's scope from the list's filter: a list narrowed to one collection uploads into that
 * collection, one line into that line; anything wider uploads to the brand.
 */
export function uploadScopeQuery(filter: Pick<ListingFilter, 'lines' | 'collections'>): string {
  if (filter.collections.length === 1) return `?collection=${encodeURIComponent(filter.collections[0]!)}`
  if (filter.collections.length === 0 && filter.lines.length === 1) {
    return `?line=${encodeURIComponent(filter.lines[0]!)}`
  }
  return ''
}

export function listQuery(props: Pick<ProductsListProps, 'filter' | 'page' | 'per' | 'view'>): string {
  const query = filterSearchParams(props.filter, { page: props.page, per: props.per, view: props.view }).toString()
  return query ? `?${query}` : ''
}

function CheckboxDropdown({
  name,
  label,
  choices,
  selected,
  finder,
}: {
  name: string
  label: string
  choices: Choice[]
  selected: string[]
  /** A search field narrowing a long list of choices on the server (styles). */
  finder?: { name: string; value: string; more: boolean }
}) {
  const count = selected.length
  return (
    <details className="relative" data-testid={`filter-${name}`} open={finder?.value ? true : undefined}>
      <summary
        className={`flex cursor-pointer list-none items-center gap-2 rounded-md border px-3 py-2 text-sm [&::-webkit-details-marker]:hidden ${
          count > 0 ? 'border-ink' : 'border-line'
        }`}
      >
        {label}
        {count > 0 ? <span className="rounded-full bg-ink px-1.5 text-xs text-white">{count}</span> : null}
        <span aria-hidden="true" className="text-muted">
          ▾
        </span>
      </summary>
      <fieldset className="absolute left-0 z-30 mt-2 max-h-72 min-w-72 overflow-y-auto rounded-md border border-line bg-white p-2 text-sm shadow-lg">
        <legend className="sr-only">{label}</legend>
        {finder ? (
          <label className="mb-1 block">
            <span className="sr-only">Find {label.toLowerCase()}</span>
            <input
              type="search"
              name={finder.name}
              defaultValue={finder.value}
              placeholder={`Find ${label.toLowerCase()}`}
              maxLength={100}
              className="w-full rounded-md border border-line px-2 py-1.5 text-sm focus:border-ink focus:outline-none"
            />
          </label>
        ) : null}
        {finder && choices.length === 0 ? (
          <p className="px-2 py-1.5 text-muted">{`No ${label.toLowerCase()} found`}</p>
        ) : null}
        <ChoiceOptions name={name} choices={choices} selected={selected} />
        {finder?.more ? (
          <p className="px-2 pt-1.5 text-xs text-muted">{`Type a name or number to find more ${label.toLowerCase()}.`}</p>
        ) : null}
      </fieldset>
    </details>
  )
}

/**
 * A dropdown's choices, which grow with the brand (collections, styles), sent as HTML text
 * (docs/decisions/163). The text changes only with the choices themselves: a tick followed by the
 * list's new address keeps the ticked box (and its focus), and the boxes follow the address's
 * choices (a cleared filter unticks them).
 */
function ChoiceOptions({ name, choices, selected }: { name: string; choices: Choice[]; selected: string[] }) {
  const list = useRef<HTMLDivElement>(null)
  const choicesKey = choices.map((choice) => `${choice.key}\n${choice.name}`).join('\n')
  const chosenKey = selected.join('\n')
  // The styles' text changes with each tick (chosen styles come first): the focus goes over.
  useCarriedState(list, 'input[type="checkbox"]', chosenKey)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the text follows the choices alone
  const html = useMemo(() => choiceOptionsHtml(name, choices, selected), [name, choicesKey])
  useEffect(() => {
    const chosen = new Set(chosenKey ? chosenKey.split('\n') : [])
    for (const box of list.current?.querySelectorAll('input') ?? []) box.checked = chosen.has(box.value)
  }, [chosenKey, html])
  return <div ref={list} dangerouslySetInnerHTML={{ __html: html }} />
}

/** One choice of a filter dropdown as React elements: the reference of choiceOptionsHtml. */
export function ChoiceOption({ name, choice, checked }: { name: string; choice: Choice; checked: boolean }) {
  return (
    <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 hover:bg-black/5">
      <input type="checkbox" name={name} value={choice.key} defaultChecked={checked} />
      <span>{choice.name}</span>
    </label>
  )
}

/** A filter dropdown's choices as HTML text, each a labelled checkbox (ChoiceOption). */
export function choiceOptionsHtml(name: string, choices: readonly Choice[], selected: readonly string[]): string {
  const field = escapeHtml(name)
  let html = ''
  for (const choice of choices) {
    const checked = selected.includes(choice.key) ? ' checked=""' : ''
    html += `<label class="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 hover:bg-black/5"><input type="checkbox" name="${field}"${checked} value="${escapeHtml(choice.key)}"/><span>${escapeHtml(choice.name)}</span></label>`
  }
  return html
}
