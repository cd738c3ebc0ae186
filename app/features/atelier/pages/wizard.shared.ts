// What wizard.tsx and its server side both use.

/** At the style's own address (the summary) or its samples, rather than under one of its steps. */
export const atSummary = (url: URL) => {
  const segments = url.pathname.split('/').filter(Boolean)
  return segments.length <= 4 || segments[4] === 'samples'
}
