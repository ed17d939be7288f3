import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { OpenIdConfig } from '../config.js';
import { ApiError } from '../http/errors.js';

/** A login the provider has not answered yet: what the callback must prove it belongs to. */
interface PendingLogin {
  verifier: string;
  nonce: string;
  startedAt: number;
  /** SHA-256 of the browser's login cookie: only the browser that started may finish. */
  browser: Buffer;
  /** The source address that started it, whose pending logins are bounded. */
  address: string;
}

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
}

/** A user who opens the login page and walks away leaves a pending login; ten minutes is plenty. */
export const PENDING_TTL_MS = 10 * 60_000;
/** Unauthenticated callers create pending logins: the oldest go first past this many. */
const MAX_PENDING = 10_000;
/** One address's pending logins; past this its own oldest go first, not everybody's. */
const MAX_PENDING_PER_ADDRESS = 20;

const random = () => randomBytes(32).toString('base64url');
const digest = (value: string) => createHash('sha256').update(value).digest();

/** A login cookie's value: a fresh random one, or the browser's own while it is well formed. */
export function browserBinding(existing: string | undefined): string {
  return existing && /^[\w-]{43}$/.test(existing) ? existing : random();
}

/**
 * The redirect strategy: an OpenID Connect authorization-code flow with state, nonce and PKCE
 * (S256). The console is the client; the id_token it obtains is handed to the storage server's
 * AssumeRoleWithWebIdentity, which checks the signature, audience and expiry itself.
 */
export class OpenIdLogin {
  readonly #pending = new Map<string, PendingLogin>();
  /** States by the address that started them, oldest first. */
  readonly #byAddress = new Map<string, Set<string>>();
  #discovery?: Promise<Discovery>;

  constructor(
    private readonly config: OpenIdConfig,
    private readonly fetcher: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The provider's authorization URL for a new login; each call starts a new one. `browser` is
   * the value of the login cookie the caller hands the browser: the callback must bring it back,
   * so a victim cannot be made to finish a login an attacker started (login CSRF).
   */
  async authorizeUrl(browser: string, address: string): Promise<string> {
    const { authorization_endpoint } = await this.discover();
    this.sweep();
    const state = random();
    const pending: PendingLogin = {
      verifier: random(),
      nonce: random(),
      startedAt: this.now(),
      browser: digest(browser),
      address,
    };
    this.add(state, pending);
    const url = new URL(authorization_endpoint);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.config.clientId,
      redirect_uri: this.config.callbackUrl,
      scope: this.config.scopes.join(' '),
      state,
      nonce: pending.nonce,
      code_challenge: createHash('sha256').update(pending.verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    return url.toString();
  }

  /**
   * Trades the callback's code for the user's id_token. A state is good for one try only, and
   * only in the browser (its login cookie) that started the login.
   */
  async idToken(code: string, state: string, browser: string | undefined): Promise<string> {
    const pending = this.#pending.get(state);
    if (pending) this.remove(state, pending);
    if (!pending || this.now() - pending.startedAt > PENDING_TTL_MS)
      throw new ApiError('invalidLogin', 'the login has expired or was not started here; log in again');
    if (browser === undefined || !timingSafeEqual(digest(browser), pending.browser))
      throw new ApiError('invalidLogin', 'the login was started in another browser; log in again');
    const { token_endpoint } = await this.discover();
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.config.callbackUrl,
      code_verifier: pending.verifier,
      client_id: this.config.clientId,
    });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (this.config.clientSecret) {
      const basic = `${encodeURIComponent(this.config.clientId)}:${encodeURIComponent(this.config.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
    }
    const res = await this.call(token_endpoint, { method: 'POST', headers, body: form });
    const json = (await res.json().catch(() => ({}))) as {
      id_token?: unknown;
      error?: unknown;
      error_description?: unknown;
    };
    if (!res.ok || typeof json.id_token !== 'string') {
      const reason = [json.error, json.error_description].filter((x) => typeof x === 'string').join(': ');
      throw new ApiError('invalidLogin', reason || `the identity provider answered ${res.status}`);
    }
    // The token came straight from the token endpoint, so its origin is known; the nonce
    // ties it to this login, so a token minted for another one cannot be slipped in.
    if (claimsOf(json.id_token).nonce !== pending.nonce)
      throw new ApiError('invalidLogin', 'the identity token does not belong to this login');
    return json.id_token;
  }

  get pendingCount(): number {
    return this.#pending.size;
  }

  /** Pending logins started from one address. */
  pendingFrom(address: string): number {
    return this.#byAddress.get(address)?.size ?? 0;
  }

  private discover(): Promise<Discovery> {
    this.#discovery ??= this.fetchDiscovery().catch((err: unknown) => {
      this.#discovery = undefined; // a provider that was down may be up on the next try
      throw err;
    });
    return this.#discovery;
  }

  private async fetchDiscovery(): Promise<Discovery> {
    const base = this.config.configUrl.replace(/\/+$/, '');
    const url = base.endsWith('/.well-known/openid-configuration')
      ? base
      : `${base}/.well-known/openid-configuration`;
    const res = await this.call(url, {});
    const doc = (await res.json().catch(() => ({}))) as Partial<Discovery>;
    if (!res.ok || typeof doc.authorization_endpoint !== 'string' || typeof doc.token_endpoint !== 'string')
      throw new ApiError(
        'backendUnreachable',
        `the identity provider's configuration could not be read (${url})`,
      );
    return { authorization_endpoint: doc.authorization_endpoint, token_endpoint: doc.token_endpoint };
  }

  private async call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetcher(url, { ...init, signal: AbortSignal.timeout(15_000) });
    } catch (err) {
      throw new ApiError(
        'backendUnreachable',
        `the identity provider cannot be reached: ${(err as Error).message}`,
      );
    }
  }

  private add(state: string, pending: PendingLogin): void {
    const mine = this.#byAddress.get(pending.address) ?? new Set<string>();
    this.#byAddress.set(pending.address, mine);
    for (const old of mine) {
      if (mine.size < MAX_PENDING_PER_ADDRESS) break;
      const p = this.#pending.get(old);
      if (p) this.remove(old, p);
      else mine.delete(old);
    }
    mine.add(state);
    this.#pending.set(state, pending);
  }

  private remove(state: string, pending: PendingLogin): void {
    this.#pending.delete(state);
    const mine = this.#byAddress.get(pending.address);
    mine?.delete(state);
    if (mine?.size === 0) this.#byAddress.delete(pending.address);
  }

  private sweep(): void {
    const t = this.now();
    for (const [state, p] of this.#pending) {
      if (t - p.startedAt > PENDING_TTL_MS || this.#pending.size >= MAX_PENDING) this.remove(state, p);
      else break; // insertion order is age order
    }
  }
}

/** The payload of a JWT, unverified: only for claims checked against our own records. */
function claimsOf(jwt: string): Record<string, unknown> {
  try {
    const payload = jwt.split('.')[1] ?? '';
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
