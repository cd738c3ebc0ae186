// One way for page actions to show a service's refusal on the form: the error's field messages
// next to their fields, otherwise its message above the form, with the error's status.
import type { SubmissionResult } from '@conform-to/dom'
import { json, type TypedResponse } from '@remix-run/node'
import { isAppError, type AppError } from '#app/platform/errors'

interface Replyable {
  reply(options?: {
    formErrors?: string[]
    fieldErrors?: Record<string, string[]>
    hideFields?: string[]
  }): SubmissionResult<string[]>
}

export interface FormErrorOptions {
  /** Fields never sent back to the browser (passwords). */
  hideFields?: string[]
  /** The status of a validation refusal when it differs from the error's own (422 on some forms). */
  validationStatus?: number
}

/**
 * The reply to a form whose service call failed. Anything that is not an application error, or
 * is a server fault, is thrown again for the error boundary.
 */
export function formErrorReply(
  submission: Replyable,
  error: unknown,
  options: FormErrorOptions = {},
): TypedResponse<SubmissionResult<string[]>> {
  if (!isAppError(error) || error.status >= 500) throw error
  return json(submission.reply(replyOptions(error, options.hideFields)), {
    status: error.type === 'ValidationError' && options.validationStatus ? options.validationStatus : error.status,
  })
}

function replyOptions(error: AppError, hideFields?: string[]) {
  return {
    ...(hideFields && { hideFields }),
    ...(error.fields ? { fieldErrors: error.fields } : { formErrors: [error.message] }),
  }
}
