import { API_ERRORS, type ApiErrorBody, type ApiErrorCode } from '@stowage/contract';

/** A failure a service reports by catalogue code; the error handler serialises it. */
export class ApiError extends Error {
  readonly status: number;
  /** Sent as Retry-After: how long a throttled caller should wait. */
  retryAfterSeconds?: number;
  /** The storage server's own error code (e.g. InvalidAccessKeyId) when it caused this one. */
  storageCode?: string;
  constructor(
    readonly code: ApiErrorCode,
    readonly detailedMessage = '',
    message: string = API_ERRORS[code].message,
  ) {
    super(message);
    this.status = API_ERRORS[code].status;
  }

  body(): ApiErrorBody {
    return { message: this.message, detailedMessage: this.detailedMessage };
  }
}

/** 429: failed logins from this browser or for this name must wait before the next try. */
export function tooManyLogins(seconds: number): ApiError {
  const error = new ApiError('tooManyRequests', `wait ${seconds} s before logging in again`);
  error.retryAfterSeconds = seconds;
  return error;
}
