// A quiet progress bar: a thin track with the done part in ink, its value for assistive tech.
export function ProgressBar({
  value,
  max,
  label,
  className = '',
}: {
  value: number
  max: number
  /** What the bar measures, read out with its value ("Style progress"). */
  label: string
  className?: string
}) {
  const share = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0
  return (
    <span
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className={`block h-1.5 overflow-hidden rounded-full bg-black/10 ${className}`}
    >
      <span className="block h-full rounded-full bg-ink" style={{ width: `${Math.round(share * 100)}%` }} />
    </span>
  )
}
