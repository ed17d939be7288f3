import { STATUS_CODES } from 'node:http';
import { xmlText } from './xml.js';

/** An admin API error answer: the server's Code and Message, or the HTTP status text. */
export class MadminError extends Error {
  override readonly name = 'MadminError';
  readonly status: number;
  readonly code: string;
  readonly requestId?: string;

  constructor(init: { status: number; code: string; message: string; requestId?: string; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    if (init.requestId) this.requestId = init.requestId;
  }
}

/** madmin reads at most 100 KiB of an error body. */
const MAX_ERROR_BODY = 100 << 10;

/** Go's encoding/json matches field names case-insensitively, so `code` counts as `Code`. */
function field(obj: Record<string, unknown>, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(obj)) {
    if (k.toLowerCase() === lower && typeof v === 'string') return v;
  }
  return undefined;
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** As madmin does: JSON `{Code, Message}`, then S3 XML `<Error>`, else the HTTP status text. */
export function madminErrorFromResponse(
  status: number,
  statusText: string,
  body: Uint8Array,
  requestIdHeader?: string | null,
): MadminError {
  const text = Buffer.from(body.subarray(0, MAX_ERROR_BODY)).toString('utf8');
  const statusLine = statusText || STATUS_CODES[status] || `HTTP ${status}`;
  const headerId = requestIdHeader ?? undefined;

  const json = parseJsonObject(text);
  const jsonCode = json && field(json, 'Code');
  if (json && jsonCode) {
    return new MadminError({
      status,
      code: jsonCode,
      message: field(json, 'Message') || statusLine,
      requestId: field(json, 'RequestId') || headerId,
    });
  }
  const xmlCode = xmlText(text, ['Error', 'Code']);
  if (xmlCode) {
    return new MadminError({
      status,
      code: xmlCode,
      message: xmlText(text, ['Error', 'Message']) || statusLine,
      requestId: xmlText(text, ['Error', 'RequestId']) || headerId,
    });
  }
  const snippet = text.trim().slice(0, 200);
  return new MadminError({
    status,
    code: statusLine,
    message: snippet ? `${statusLine}: ${snippet}` : `${status} ${statusLine}`,
    requestId: headerId,
  });
}
