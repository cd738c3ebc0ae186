// The texts of the spreadsheet upload, as catalogue.md §5 and §8 write them.

export const IMPORT_MESSAGES = {
  notCsv: 'CSV file not detected. ',
  missingIdColumn: "'Listing Unique Id' required column is missing. Please revise CSV file.",
  /** Not in the spec: a file with no header row at all (0 bytes, or blank lines only). */
  emptyFile: 'The file is empty: it has no header row and no rows. Export the spreadsheet again and upload it.',
  requiredMissing: (field: string) => `Required field "${field}" missing. Review the spreadsheet and upload again.`,
  optionalEmpty: (field: string) => `Optional field "${field}" is empty`,
  parseError: (field: string) => `Error parsing "${field}" for upload.`,
  /** Not in the spec: a warning, so not "Error parsing" (the row is written as it is). */
  skuCase: 'Another row has this SKU in different letter case.',
  duplicate:
    'Duplicate listings found in the provided dataset. Please ensure only one row for each Listing Unique ID. Review the spreadsheet and upload again.',
  uploadError: 'Error uploading CSV file. ',
  reviewAgain: 'Review the spreadsheet again.',
  reviewErrors: (email: string) =>
    `Review the CSV upload for errors. You can also reach our Client Services Department by email at: ${email}`,
  noHistory: 'No CSV history - Uploaded CSVs can be viewed here.',
  recordsParsed: (n: number) => `${n} records parsed`,
  /** Not in the spec: a row that does not fit the header (docs/decisions/177). */
  tooManyFields: (count: number, header: number, delimiter: string | null) =>
    delimiter
      ? `This row has ${count} fields where the header has ${header}: is there a ${delimiter} inside a value that is not in quotes?`
      : `This row has values in ${count} columns where the header has ${header}: is a value in a column without a header?`,
  fewerFields: (count: number, header: number) =>
    `This row has ${count} fields where the header has ${header}: the missing ones are read as empty.`,
  /** Not in the spec: the empty optional fields of a row told in one line; each keeps optionalEmpty on hover. */
  optionalEmptyGroup: (fields: readonly string[]) => `Optional fields empty: ${fields.join(', ')}`,
  /** Not in the spec: the bytes of an upload stopped coming for UPLOAD_IDLE_MS (issue 46). */
  uploadInterrupted: 'The upload was interrupted — upload the file again.',
  /** Not in the spec: the uploader cancelled an upload while it was read. */
  uploadCancelled: 'The upload was cancelled.',
  leaveConfirm: 'Any unsaved data will be lost, are you sure you want to leave this page?',
} as const

/** The `type` of a whole-file failure (the §8 "productUpload.{type}" keys). */
export type ImportErrorType = 'notCsv' | 'missingIdColumn' | 'unreadable' | 'interrupted' | 'tooLarge' | 'unexpected'
