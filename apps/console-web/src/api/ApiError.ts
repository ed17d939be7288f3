import type { ApiErrorBody } from '@stowage/contract';
import { i18n } from '../i18n/index.js';

/** A failed console API call, already shaped for display (spec 000 §8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    message: string,
    /** Capitalised detailedMessage, absent when it adds nothing to the message. */
    readonly details?: string,
  ) {
    super(message);
  }
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function isErrorBody(body: unknown): body is Partial<ApiErrorBody> {
  return typeof body === 'object' && body !== null && ('message' in body || 'detailedMessage' in body);
}

/** Server message capitalised (fallback `Error {status}`), details capitalised unless identical. */
export function toApiError(status: number, body: unknown): ApiError {
  const raw = isErrorBody(body) ? body : {};
  const message =
    typeof raw.message === 'string' && raw.message
      ? capitalise(raw.message)
      : i18n.t('errors.status', { status: String(status) });
  const detailed =
    typeof raw.detailedMessage === 'string' && raw.detailedMessage
      ? capitalise(raw.detailedMessage)
      : undefined;
  return new ApiError(status, message, detailed !== message ? detailed : undefined);
}

export function networkError(): ApiError {
  return new ApiError(0, i18n.t('errors.network'));
}
