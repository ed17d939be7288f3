import { readFileSync } from 'node:fs';
import { ApiError } from '../../http/errors.js';
import { SUBNET_PUBLIC_KEY } from './license.js';

// SUBNET over HTTP (reference/operator.md §3.3), only when a user asks for it (or the daily
// refresh runs): a login for the licence key, and the renewal of a licence.

export interface SubnetSettings {
  /** `CONSOLE_SUBNET_URL`, https://subnet.min.io by default. */
  url: string;
  /** The key licences are verified with; SUBNET's own unless `STOWAGE_SUBNET_PUBLIC_KEY` names a file. */
  publicKeyPem: string;
  /** A SUBNET call that takes longer fails as unreachable. */
  timeoutMs: number;
}

export const DEFAULT_SUBNET_SETTINGS: SubnetSettings = {
  url: 'https://subnet.min.io',
  publicKeyPem: SUBNET_PUBLIC_KEY,
  timeoutMs: 15_000,
};

/** The settings from `CONSOLE_SUBNET_URL` and `STOWAGE_SUBNET_PUBLIC_KEY` (a PEM file). */
export function subnetSettingsFromEnv(env: NodeJS.ProcessEnv): SubnetSettings {
  const url = env.CONSOLE_SUBNET_URL?.trim();
  const keyFile = env.STOWAGE_SUBNET_PUBLIC_KEY?.trim();
  if (url && !/^https?:\/\//.test(url)) throw new Error(`CONSOLE_SUBNET_URL: "${url}" is not an http(s) URL`);
  return {
    ...DEFAULT_SUBNET_SETTINGS,
    ...(url ? { url: url.replace(/\/+$/, '') } : {}),
    ...(keyFile ? { publicKeyPem: readFileSync(keyFile, 'utf8') } : {}),
  };
}

/** SUBNET's own reason for a refusal, when its body carries one. */
function refusalReason(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    const reason = typeof body.error === 'string' ? body.error : body.message;
    if (typeof reason === 'string' && reason) return `SUBNET answered ${status}: ${reason.slice(0, 300)}`;
  } catch {
    // not JSON: the status says enough
  }
  return `SUBNET answered ${status}`;
}

async function post(
  settings: SubnetSettings,
  path: string,
  body: unknown,
  bearer?: string,
): Promise<Record<string, unknown>> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${settings.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    const error = err as Error & { cause?: Error };
    const why =
      error.name === 'TimeoutError'
        ? `no answer within ${settings.timeoutMs} ms`
        : (error.cause?.message ?? error.message);
    throw new ApiError('subnetUnreachable', `${settings.url}: ${why}`);
  }
  if (!res.ok) throw new ApiError('subnetRefused', refusalReason(res.status, text));
  try {
    const parsed = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) return parsed;
  } catch {
    // reported below
  }
  throw new ApiError('subnetRefused', `SUBNET's answer to ${path} is not JSON`);
}

function field(body: Record<string, unknown>, path: string[], call: string): string {
  let value: unknown = body;
  for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
  if (typeof value !== 'string' || value === '') {
    throw new ApiError('subnetRefused', `SUBNET's answer to ${call} has no ${path.join('.')}`);
  }
  return value;
}

/** The licence key of a SUBNET account: log in, then ask for the key with the session token. */
export async function licenseForAccount(
  settings: SubnetSettings,
  email: string,
  password: string,
): Promise<string> {
  const login = await post(settings, '/api/auth/login', { username: email, password });
  const token = field(login, ['token_info', 'access_token'], 'login');
  const key = await post(settings, '/api/auth/subscription/license-key', {}, token);
  return field(key, ['license'], 'license-key');
}

/** A licence renewed by SUBNET (a later expiry, the current plan and capacity). */
export async function renewLicense(settings: SubnetSettings, license: string): Promise<string> {
  return field(
    await post(settings, '/api/auth/subscription/renew-license', { license }),
    ['license'],
    'renew-license',
  );
}
