// Markup written as text, for lists whose size follows the data (a page's rows, a filter's
// choices): React renders each element one by one on the server, text costs a fraction of that
// (docs/decisions/163). Each such list has a test that compares its text with what its components
// render.

/** React's escaping of text and attribute values. */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!)
}
