import { createSign } from 'node:crypto';
import { httpCall } from '../../net/http-call.js';
import { objectUrl, RestBackend, type RestDialect } from './rest-backend.js';
import { remotePath } from './warm-backend.js';

// GCS tiers: the XML API with an OAuth 2 access token, got for the service account whose
// credentials.json the tier keeps (base64, as madmin sends Creds) by a signed JWT grant.
// No GCS emulator installs here from a registry, so only the request shapes are tested.

const SCOPE = 'https://www.googleapis.com/auth/devstorage.read_write';
const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token';
const DEFAULT_ENDPOINT = 'https://storage.googleapis.com';
const ANSWER_WITHIN_MS = 30_000;

interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri?: string;
}

/** The service account in a tier's Creds: base64 of credentials.json, or the JSON itself. */
export function serviceAccount(creds: string): ServiceAccount {
  const text = creds.trim().startsWith('{') ? creds : Buffer.from(creds, 'base64').toString('utf8');
  const parsed = JSON.parse(text) as Partial<ServiceAccount>;
  if (typeof parsed.client_email !== 'string' || typeof parsed.private_key !== 'string')
    throw new Error('the GCS credentials need client_email and private_key');
  return parsed as ServiceAccount;
}

/** The JWT a service account trades for an access token (RFC 7523). */
export function grantAssertion(sa: ServiceAccount, now: Date): string {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const iat = Math.floor(now.getTime() / 1000);
  const unsigned = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({
    iss: sa.client_email,
    scope: SCOPE,
    aud: sa.token_uri ?? DEFAULT_TOKEN_URI,
    iat,
    exp: iat + 3600,
  })}`;
  const sig = createSign('RSA-SHA256').update(unsigned).sign(sa.private_key).toString('base64url');
  return `${unsigned}.${sig}`;
}

export class GcsBackend extends RestBackend {
  private token: { value: string; until: number } | undefined;

  protected readonly dialect: RestDialect = {
    putHeaders: (size) => ({
      'content-length': String(size),
      ...(this.f.StorageClass ? { 'x-goog-storage-class': this.f.StorageClass } : {}),
    }),
    putOk: 200,
    deleteOk: [200, 204],
    rangeHeader: 'range',
  };

  protected url(name: string): URL {
    return objectUrl(this.f.Endpoint || DEFAULT_ENDPOINT, this.f.Bucket, remotePath(this.f.Prefix, name));
  }

  protected async sign(_method: string, _url: URL, extra: Record<string, string>) {
    return { ...extra, authorization: `Bearer ${await this.accessToken()}` };
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const sa = serviceAccount(this.f.Creds ?? '');
    const body = new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: grantAssertion(sa, new Date()),
    }).toString();
    const answer = await httpCall(
      new URL(sa.token_uri ?? DEFAULT_TOKEN_URI),
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        timeoutMs: ANSWER_WITHIN_MS,
      },
      this.outbound,
    );
    if (answer.status !== 200) throw new Error(`token grant answered HTTP ${answer.status}`);
    const { access_token, expires_in } = JSON.parse(answer.text) as {
      access_token: string;
      expires_in: number;
    };
    this.token = { value: access_token, until: Date.now() + (expires_in - 60) * 1000 };
    return access_token;
  }
}
