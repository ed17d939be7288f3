import type { AdminRequest, AdminResponse } from '../client.js';
import { MadminError } from '../errors.js';

/** What the API groups need of the client: one signed request. */
export interface AdminTransport {
  request(req: AdminRequest): Promise<AdminResponse>;
}

export function parseJson<T>(res: AdminResponse, what: string): T {
  try {
    return JSON.parse(res.body.toString('utf8')) as T;
  } catch (cause) {
    throw new MadminError({
      status: res.status,
      code: 'MalformedResponse',
      message: `madmin: ${what} answered with a body that is not JSON`,
      cause,
    });
  }
}

export interface CallOptions {
  signal?: AbortSignal;
}
