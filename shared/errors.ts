/**
 * Error codes every layer agrees on. The HTTP body of an error is `{ error, title?, code }`,
 * where `error` is the catalogue text shown to the user word for word.
 */
export const ErrorCodes = {
  validation: 'VALIDATION',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  unavailable: 'UNAVAILABLE',
  internal: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

export interface ApiErrorBody {
  error: string;
  title?: string;
  code: ErrorCode;
  /** Seconds until the caller may try again (429 answers). */
  retryAfter?: number;
}
