// Errors every entry point understands: the JSON API turns them into the `{error:{type,message}}`
// envelope with the status below, pages into redirects, dialogs or error boundaries.

export type ErrorType =
  | 'AuthNoSession'
  | 'AuthInvalidSession'
  /** A sign-in with a wrong email or password. */
  | 'AuthInvalidCredentials'
  | 'PermissionError'
  | 'ValidationError'
  | 'NotFound'
  /** The address exists, not for this method; the answer's Allow header names those it takes. */
  | 'MethodNotAllowed'
  /** The brand has no asset library yet (atelier.md §4 Brand storage): the page offers to create it. */
  | 'BucketNotFound'
  | 'Conflict'
  | 'RateLimited'
  /** A body of a kind the call does not take (JSON to a file upload). */
  | 'UnsupportedMediaType'
  | 'UnexpectedError'

const STATUS: Record<ErrorType, number> = {
  AuthNoSession: 401,
  AuthInvalidSession: 401,
  AuthInvalidCredentials: 401,
  PermissionError: 403,
  ValidationError: 400,
  NotFound: 404,
  MethodNotAllowed: 405,
  BucketNotFound: 404,
  Conflict: 409,
  RateLimited: 429,
  UnsupportedMediaType: 415,
  UnexpectedError: 500,
}

export class AppError extends Error {
  readonly type: ErrorType
  readonly status: number
  /** Field errors for forms, keyed by field name. */
  readonly fields?: Record<string, string[]>

  constructor(type: ErrorType, message: string, fields?: Record<string, string[]>) {
    super(message)
    this.name = type
    this.type = type
    this.status = STATUS[type]
    this.fields = fields
  }
}

/** Why a sign-in step was refused; tests and the login page tell the cases apart by it. */
export type SignInRefusalReason = 'credentials' | 'limited' | 'provider' | 'human-check' | 'factor'

/**
 * A refused sign-in step (app/features/identity/auth.server.ts, sign-in.server.ts). Besides the message
 * the page needs to know whether the next attempt must carry a human-check answer, whether the
 * account is locked (the page sends the user to reset the password), and which form the message
 * belongs under when it is not the step's own (a code asked before a phone was chosen).
 */
export class SignInRefused extends AppError {
  readonly reason: SignInRefusalReason
  /** True when the next attempt for this account must carry a human-check answer. */
  readonly humanCheckRequired: boolean
  /** The account used up its failed attempts: it must reset its password. */
  readonly locked: boolean
  /** The form the message belongs under, when not the one that was posted. */
  readonly form?: 'login' | 'factor' | 'code'

  constructor(
    type: ErrorType,
    message: string,
    detail: {
      reason: SignInRefusalReason
      humanCheckRequired?: boolean
      locked?: boolean
      form?: 'login' | 'factor' | 'code'
    },
  ) {
    super(type, message)
    this.reason = detail.reason
    this.humanCheckRequired = detail.humanCheckRequired ?? false
    this.locked = detail.locked ?? false
    this.form = detail.form
  }
}

export const noSession = () => new AppError('AuthNoSession', 'You are not signed in.')
export const invalidSession = () => new AppError('AuthInvalidSession', 'Your session has expired. Refresh session?')
export const permissionError = (message = 'You do not have permission to do this.') =>
  new AppError('PermissionError', message)
export const notFound = (what = 'Resource') => new AppError('NotFound', `${what} not found.`)

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError
}
