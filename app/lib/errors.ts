// Errors every entry point understands: the JSON API turns them into the `{error:{type,message}}`
// envelope with the status below, pages into redirects, dialogs or error boundaries.

export type ErrorType =
  | 'AuthNoSession'
  | 'AuthInvalidSession'
  | 'PermissionError'
  | 'ValidationError'
  | 'NotFound'
  | 'Conflict'
  | 'RateLimited'
  | 'UnexpectedError'

const STATUS: Record<ErrorType, number> = {
  AuthNoSession: 401,
  AuthInvalidSession: 401,
  PermissionError: 403,
  ValidationError: 400,
  NotFound: 404,
  Conflict: 409,
  RateLimited: 429,
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

export const noSession = () => new AppError('AuthNoSession', 'You are not signed in.')
export const invalidSession = () => new AppError('AuthInvalidSession', 'Your session has expired. Refresh session?')
export const permissionError = (message = 'You do not have permission to do this.') =>
  new AppError('PermissionError', message)
export const notFound = (what = 'Resource') => new AppError('NotFound', `${what} not found.`)

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError
}
