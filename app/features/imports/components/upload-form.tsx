// Step 1's upload form (catalogue.md §2 Product upload): a drop area with Select File, MARK AS
// ADDITION, and Upload. It is a plain multipart form, so it works without JavaScript; the fields
// come before the file in the form, because the server starts the import as the file streams in
// and must know them by then. With JavaScript the browser refuses a file that is not CSV before
// sending it ("CSV file not detected. "), files can be dropped on the area, and while the file
// streams the rows read so far are shown as the server reports them over socket.io.
import { Form, Link, useLocation, useNavigation } from '@remix-run/react'
import { useRef, useState, type DragEvent } from 'react'
import { useRealtimeEvent } from '#app/ui/realtime-provider'
import { Button, buttonClass } from '#app/ui/button'
import { Checkbox } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { useCsrfToken } from '#app/platform/csrf'
import { IMPORT_TEXTS, looksLikeSpreadsheet } from '#app/features/imports/import-texts'

export interface ImportProgress {
  key: string
  status: string
  rowsParsed: number
  rowsWritten: number
}

export const IMPORT_PROGRESS_EVENT = 'import:progress'

export function UploadForm({
  id,
  scope,
  error,
}: {
  id: string
  scope: { line?: string | null; collection?: string | null }
  /** The server's answer to the last upload, if it refused it. */
  error?: string | null
}) {
  const csrf = useCsrfToken()
  const input = useRef<HTMLInputElement>(null)
  const [chosen, setChosen] = useState<string | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)
  const [rowsRead, setRowsRead] = useState<number | null>(null)
  const navigation = useNavigation()
  const location = useLocation()
  const uploading = navigation.state === 'submitting' && navigation.formData?.has('file') === true
  useRealtimeEvent<ImportProgress>(IMPORT_PROGRESS_EVENT, (progress) => {
    if (uploading) setRowsRead(progress.rowsParsed)
  })

  const check = (file: File | undefined) => {
    if (!file) {
      setChosen(null)
      return
    }
    if (!looksLikeSpreadsheet(file)) {
      setRefusal(IMPORT_TEXTS.notCsv)
      setChosen(null)
      if (input.current) input.current.value = ''
      return
    }
    setRefusal(null)
    setChosen(file.name)
  }

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault()
    setDragging(false)
    const files = event.dataTransfer.files
    if (!input.current || files.length === 0) return
    input.current.files = files
    check(files[0])
  }

  const message = refusal ?? error ?? null
  return (
    <Form
      id={id}
      method="post"
      encType="multipart/form-data"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        const file = input.current?.files?.[0]
        if (file && !looksLikeSpreadsheet(file)) {
          event.preventDefault()
          setRefusal(IMPORT_TEXTS.notCsv)
        }
        setRowsRead(null)
      }}
    >
      <CsrfField token={csrf} />
      {scope.line ? <input type="hidden" name="line" value={scope.line} /> : null}
      {scope.collection ? <input type="hidden" name="collection" value={scope.collection} /> : null}
      <Checkbox id="upload-addition" name="addition" value="true" label="MARK AS ADDITION" />
      <label
        htmlFor="upload-file"
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
        className={`flex cursor-pointer flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed px-6 py-12 text-center transition-colors ${
          dragging ? 'border-ink bg-black/5' : 'border-line bg-white hover:border-ink'
        }`}
      >
        <UploadIcon />
        <span className="text-sm font-medium">Drag and drop a CSV or Excel (.xlsx) file here</span>
        <span className="text-xs text-muted">or</span>
        <span className="relative">
          <input
            ref={input}
            id="upload-file"
            type="file"
            name="file"
            accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            required
            className="peer sr-only"
            onChange={(event) => check(event.currentTarget.files?.[0])}
          />
          <span className="inline-flex rounded-md border border-line bg-white px-4 py-2 text-sm font-medium peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ink">
            Select File
          </span>
        </span>
        {chosen ? (
          <span className="text-sm" data-testid="chosen-file">
            {chosen}
          </span>
        ) : null}
      </label>
      {message ? (
        <p role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900">
          {message}
        </p>
      ) : null}
      {uploading ? (
        <div role="status" className="text-sm" data-testid="upload-progress">
          <div className="mb-1 h-1.5 overflow-hidden rounded-full bg-line">
            <div className="h-full w-1/3 animate-pulse rounded-full bg-ink" />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>Uploading and reading the file{rowsRead !== null ? `: ${rowsRead} rows read` : '…'}</span>
            {/* Going to the page again stops the submission: the portal stops reading, History says interrupted. */}
            <Link
              to={`${location.pathname}${location.search}`}
              replace
              className={buttonClass('secondary')}
              data-testid="cancel-upload"
            >
              Cancel upload
            </Link>
          </div>
        </div>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={uploading}>
          Upload
        </Button>
      </div>
    </Form>
  )
}

function UploadIcon() {
  return (
    <svg
      aria-hidden="true"
      width="36"
      height="36"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      className="text-muted"
    >
      <path d="M12 16V4m0 0-4 4m4-4 4 4" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" strokeLinecap="round" />
    </svg>
  )
}
