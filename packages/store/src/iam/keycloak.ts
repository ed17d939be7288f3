import type { ExternalDirectory } from './external-users.js';
import type { OpenIdVerifier } from './openid.js';

// Keycloak's users, looked up as MinIO looks them up (identity_openid vendor=keycloak,
// keycloak_admin_url, keycloak_realm): the store logs in as its own client (the client
// credentials grant, with identity_openid's client_id and client_secret) and asks the
// admin API for the user a token's subject names. 404: the user is gone; enabled false:
// disabled. The client needs Keycloak's view-users role of realm-management.
//
// A generic OpenID provider offers no such lookup: OpenID Connect has no standard way for a
// relying party to ask whether a user still exists (its userinfo endpoint needs the user's
// own access token, which STS never gets). Its users' credentials end only when they
// expire (STOWAGE_STS_MAX_DURATION caps them) or when an administrator removes them.

const TIMEOUT_MS = 10_000;

/**
 * Keycloak answered the lookup of one user with an error (403 for that user, a 500): that
 * user is left unknown and the others are still asked. Any other failure (the token endpoint
 * or the admin API cannot be reached, the client's own login is refused) fails the check.
 */
export class KeycloakUserError extends Error {}

/**
 * The client secret and the admin token go only where they are configured to: a redirect
 * (which fetch would follow, the secret or token along on the same origin) is an error of
 * the whole check.
 */
function refuseRedirect(res: Response, call: string): void {
  if (res.status < 300 || res.status >= 400) return;
  void res.body?.cancel();
  throw new Error(`the Keycloak ${call} was redirected (${res.status}); redirects are not followed`);
}

export class KeycloakUsers {
  private accessToken?: { value: string; until: number };

  constructor(
    private readonly openid: OpenIdVerifier,
    private readonly admin: { adminUrl: string; realm: string },
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  private async login(): Promise<string> {
    const { clientId, clientSecret } = this.openid.cfg;
    const res = await this.fetchFn(await this.openid.tokenEndpoint(), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        // client_secret_basic: RFC 6749 §2.3.1 has every server take it.
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'manual',
    });
    refuseRedirect(res, 'client login');
    const json = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!res.ok || !json.access_token) throw new Error(`the Keycloak client login answered ${res.status}`);
    const seconds = typeof json.expires_in === 'number' ? json.expires_in : 60;
    this.accessToken = { value: json.access_token, until: Date.now() + seconds * 1000 };
    return json.access_token;
  }

  /**
   * Whether the user a token's subject names is there and enabled; KeycloakUserError when
   * Keycloak answers for this user with an error, another error when it cannot be asked.
   */
  async lookup(subject: string, signal?: AbortSignal): Promise<'enabled' | 'disabled' | 'missing'> {
    const url = new URL(this.admin.adminUrl);
    url.pathname = `${url.pathname.replace(/\/$/, '')}/realms/${encodeURIComponent(this.admin.realm)}/users/${encodeURIComponent(subject)}`;
    const ask = async (token: string) =>
      this.fetchFn(url, {
        headers: { authorization: `Bearer ${token}` },
        signal: signal
          ? AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)])
          : AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'manual',
      });
    const fresh =
      this.accessToken && this.accessToken.until > Date.now() ? this.accessToken.value : undefined;
    let res = await ask(fresh ?? (await this.login()));
    // An expired or revoked token: log in again once, as MinIO does.
    if (res.status === 401) {
      await res.body?.cancel();
      res = await ask(await this.login());
    }
    refuseRedirect(res, 'user lookup');
    if (!res.ok) await res.body?.cancel();
    if (res.status === 404) return 'missing';
    if (!res.ok) throw new KeycloakUserError(`the Keycloak user lookup answered ${res.status}`);
    const user = (await res.json().catch(() => {
      throw new KeycloakUserError('the Keycloak user lookup answered with something other than JSON');
    })) as { enabled?: unknown } | null;
    return user?.enabled === true ? 'enabled' : 'disabled';
  }
}

/** Keycloak's users as the checks see them: each OpenID user by its token's subject. */
export const keycloakDirectory = (users: KeycloakUsers): ExternalDirectory => ({
  idp: 'openid',
  name: 'Keycloak',
  async check(parents, signal) {
    const verdicts: Awaited<ReturnType<ExternalDirectory['check']>> = new Map();
    for (const { parent, subject } of parents) {
      if (signal.aborted) break;
      if (subject === undefined) continue;
      let state: Awaited<ReturnType<KeycloakUsers['lookup']>>;
      try {
        state = await users.lookup(subject, signal);
      } catch (err) {
        if (!(err instanceof KeycloakUserError)) throw err;
        verdicts.set(parent, { state: 'unknown', reason: err.message });
        continue;
      }
      verdicts.set(
        parent,
        state === 'enabled'
          ? { state: 'active' }
          : {
              state: 'gone',
              reason: state === 'missing' ? 'it is no longer in the realm' : 'its account is disabled',
            },
      );
    }
    return verdicts;
  },
});
