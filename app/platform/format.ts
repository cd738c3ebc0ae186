// Display formats of the UI guide: dates as "DD MMM ha", file sizes from Bytes to YB (base 1024).

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "22 Nov 3pm", in UTC on the server and in the viewer's zone in the browser. */
export function formatWhen(date: Date | string, timeZone?: 'UTC'): string {
  const d = typeof date === 'string' ? new Date(date) : date
  const day = timeZone === 'UTC' ? d.getUTCDate() : d.getDate()
  const month = MONTHS[timeZone === 'UTC' ? d.getUTCMonth() : d.getMonth()]
  const hours24 = timeZone === 'UTC' ? d.getUTCHours() : d.getHours()
  const hours = hours24 % 12 === 0 ? 12 : hours24 % 12
  return `${String(day).padStart(2, '0')} ${month} ${hours}${hours24 < 12 ? 'am' : 'pm'}`
}

/**
 * "22 Nov 3:05pm": the guide's format with the minutes, where entries of one hour must still be told
 * apart and ordered (the upload History).
 */
export function formatWhenToMinute(date: Date | string, timeZone?: 'UTC'): string {
  const d = typeof date === 'string' ? new Date(date) : date
  const minutes = timeZone === 'UTC' ? d.getUTCMinutes() : d.getMinutes()
  return formatWhen(d, timeZone).replace(/(am|pm)$/, (half) => `:${String(minutes).padStart(2, '0')}${half}`)
}

const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB']

export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes'
  const exponent = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)))
  const value = bytes / 1024 ** exponent
  return `${Number.parseFloat(value.toFixed(2))} ${UNITS[exponent]}`
}

/** "1 listing", "2 listings", "1,000 rows": a count with its noun, singular for one. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? singular : plural}`
}
