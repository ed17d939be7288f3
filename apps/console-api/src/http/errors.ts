import { API_ERRORS, type ApiErrorBody, type ApiErrorCode } from '@stowage/contract';

/** A failure a service reports by catalogue code; the error handler serialises it. */
export class ApiError extends Error {
  readonly status: number;
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
