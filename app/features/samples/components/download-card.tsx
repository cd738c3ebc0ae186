// A 3D sample the page does not open (atelier.md §9: CLO projects and packages, OBJ, FBX, material
// files): its name, format and size, and Download, in place of the picture (docs/decisions/137).
import { buttonClass } from '#app/ui/button'
import { formatFileSize } from '#app/platform/format'
import type { SampleFormat } from '#app/features/samples/sample-formats'

export interface DownloadableSample {
  name: string
  size: number | null
  download: string | null
  /** 0 while the scan runs (atelier.md §4 Upload and scan flow). */
  progress: number | null
}

export function DownloadCard({
  sample,
  format,
  large = false,
  note = "This file can't be previewed.",
}: {
  sample: DownloadableSample
  format: SampleFormat
  large?: boolean
  /** The line under the name: why there is no view. */
  note?: string
}) {
  const checking = sample.progress === 0
  return (
    <div
      data-testid="sample-download-card"
      className={`flex flex-col items-center justify-center gap-4 rounded-lg bg-stone-100 p-8 text-center ${
        large ? 'min-h-[60vh]' : 'min-h-[24rem]'
      }`}
    >
      <span className="flex h-20 w-20 items-center justify-center rounded-2xl bg-white text-stone-500 shadow-sm">
        <CubeIcon className="h-10 w-10" />
      </span>
      <div className="flex max-w-full flex-col gap-1">
        <p className="break-words font-medium">{sample.name}</p>
        <p className="text-sm text-muted">
          <span data-testid="sample-format">{format.label}</span>
          {sample.size !== null ? <> · {formatFileSize(sample.size)}</> : null}
        </p>
      </div>
      <p className="max-w-sm text-sm text-muted">
        {checking ? 'The file is being checked; it shows here once it is safe.' : note}
      </p>
      {sample.download && !checking ? (
        <a href={sample.download} download={sample.name} className={buttonClass('primary')}>
          Download
        </a>
      ) : null}
    </div>
  )
}

/** A box in perspective: the 3D file. */
export function CubeIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.4}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d="M12 2.8 20 7.2v9.6L12 21.2 4 16.8V7.2z" />
      <path d="M4 7.2 12 11.6l8-4.4" />
      <path d="M12 11.6v9.6" />
    </svg>
  )
}
