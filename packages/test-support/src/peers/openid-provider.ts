/// <reference path="./oidc-provider.d.ts" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// A real OpenID provider (the oidc-provider package) on 127.0.0.1, with its development
// login screens, and a browserless walk through the authorization-code flow that ends
// with the user's id_token. Optionally it also answers Keycloak's admin lookup of a user
// (GET /admin/realms/<realm>/users/<id>), which oidc-provider lacks: a stand-in for that one
// call, taking only access tokens the provider really issued to the client (client
// credentials grant), so the store's login to it is real.

export const CLIENT_ID = 'stowage-console';
export const CLIENT_SECRET = 'stowage-console-oidc-secret';
const REDIRECT = 'http://127.0.0.1/oauth_callback';

export interface OpenIdProvider {
  issuer: string;
  /** The identity_openid settings that point the store at this provider (the policy claim). */
  identityKV: string;
  /** Where the Keycloak admin stand-in answers (keycloak_admin_url), when asked for. */
  keycloakAdminUrl: string;
  /** Marks a user disabled in the Keycloak stand-in (enabled: false). */
  disableUser(id: string): void;
  /** Removes a user from the Keycloak stand-in (404). */
  removeUser(id: string): void;
  /** Makes the Keycloak stand-in answer a user's lookup with this error status (500, 403…). */
  failUser(id: string, status: number): void;
  /**
   * Answers with a redirect (307, to /elsewhere on this server): the client login at the token
   * endpoint ('login'; the admin lookups then answer 401, as to an expired token), or the
   * admin lookups ('lookup'); undefined ends it.
   */
  redirect(which: 'login' | 'lookup' | undefined): void;
  /** The Authorization header of each request that followed such a redirect. */
  followed: string[];
  /**
   * Holds the admin lookups' answers (decided when asked) until releaseHeld(), as a slow
   * Keycloak would; false answers the next ones at once again.
   */
  holdLookups(on: boolean): void;
  /** How many lookups wait for their answer (their clients still waiting). */
  readonly held: number;
  /** Sends the answers held so far. */
  releaseHeld(): void;
  /** Puts a removed user back. */
  restoreUser(id: string): void;
  /** Logs `user` in and returns its id_token. */
  idToken(user: string): Promise<string>;
  /** Walks a browser's way through `authorizeUrl` as `user`; returns where the provider sends it back. */
  authorize(user: string, authorizeUrl: string): Promise<URL>;
  close(): Promise<void>;
}

export interface ProviderOptions {
  /** The client's registered callback (default http://127.0.0.1/oauth_callback). */
  redirectUri?: string;
  /** Refuse authorization requests without a PKCE challenge. */
  pkceRequired?: boolean;
  /** Answer Keycloak's admin user lookup for this realm. */
  keycloakRealm?: string;
}

export async function startOpenIdProvider(
  policiesOf: Record<string, string>,
  options: ProviderOptions = {},
): Promise<OpenIdProvider> {
  const redirectUri = options.redirectUri ?? REDIRECT;
  const server: Server = await new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => resolve(s));
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: options.keycloakRealm
          ? ['authorization_code', 'client_credentials']
          : ['authorization_code'],
      },
    ],
    claims: { openid: ['sub'], policies: ['policy'] },
    scopes: ['openid', 'policies'],
    conformIdTokenClaims: false,
    pkce: { required: () => options.pkceRequired ?? false },
    features: {
      devInteractions: { enabled: true },
      ...(options.keycloakRealm ? { clientCredentials: { enabled: true } } : {}),
    },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ sub: id, policy: policiesOf[id] ?? '' }) };
    },
  });
  const removed = new Set<string>();
  const disabled = new Set<string>();
  const failing = new Map<string, number>();
  const followed: string[] = [];
  let holding = false;
  const held = new Set<() => void>();
  let redirecting: 'login' | 'lookup' | undefined;
  const elsewhere = { location: '/elsewhere' };
  const adminPath = `/admin/realms/${options.keycloakRealm ?? ''}/users/`;
  const callback = provider.callback();
  server.on('request', async (req, res) => {
    if (req.url === elsewhere.location) {
      followed.push(req.headers.authorization ?? '');
      return res.writeHead(404).end();
    }
    if (redirecting === 'login' && req.method === 'POST' && req.url === '/token')
      return res.writeHead(307, elsewhere).end();
    if (!options.keycloakRealm || !req.url?.startsWith(adminPath)) return callback(req, res);
    if (redirecting === 'login') return res.writeHead(401).end();
    if (redirecting === 'lookup') return res.writeHead(307, elsewhere).end();
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grant = token ? await provider.ClientCredentials.find(token) : undefined;
    if (!grant || grant.clientId !== CLIENT_ID) return res.writeHead(401).end();
    const id = decodeURIComponent(req.url.slice(adminPath.length));
    // The answer is decided now, and sent now or, while lookups are held, at release.
    const failure = failing.get(id);
    const send =
      failure !== undefined
        ? () => res.writeHead(failure).end()
        : !(id in policiesOf) || removed.has(id)
          ? () => res.writeHead(404).end()
          : ((enabled: boolean) => () => {
              res.writeHead(200, { 'content-type': 'application/json' });
              res.end(JSON.stringify({ id, username: id, enabled }));
            })(!disabled.has(id));
    if (!holding) return send();
    held.add(send);
    res.on('close', () => held.delete(send));
  });

  async function authorize(user: string, authorizeUrl: string): Promise<URL> {
    const jar = new Map<string, string>();
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const keep = (res: Response) => {
      for (const c of res.headers.getSetCookie()) {
        const [pair = ''] = c.split(';');
        const eq = pair.indexOf('=');
        jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
    };
    const go = async (url: string, body?: URLSearchParams): Promise<Response> => {
      const res = await fetch(new URL(url, issuer), {
        method: body ? 'POST' : 'GET',
        headers: {
          cookie: cookie(),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(body ? { body } : {}),
        redirect: 'manual',
      });
      keep(res);
      return res;
    };
    let res = await go(authorizeUrl);
    // login, then consent, each an interaction; then the redirect carries the code.
    for (let step = 0; step < 10; step++) {
      const location = res.headers.get('location') ?? '';
      if (location.startsWith(redirectUri)) break;
      if (location.includes('/interaction/')) {
        await go(location);
        const prompt: Record<string, string> =
          step === 0 ? { prompt: 'login', login: user, password: 'any' } : { prompt: 'consent' };
        res = await go(location, new URLSearchParams(prompt));
      } else {
        res = await go(location);
      }
    }
    return new URL(res.headers.get('location') ?? '');
  }

  return {
    issuer,
    identityKV: `identity_openid config_url=${issuer}/.well-known/openid-configuration client_id=${CLIENT_ID} client_secret=${CLIENT_SECRET} claim_name=policy`,
    keycloakAdminUrl: `${issuer}/admin`,
    disableUser: (id) => disabled.add(id),
    removeUser: (id) => removed.add(id),
    failUser: (id, status) => failing.set(id, status),
    redirect: (which) => {
      redirecting = which;
    },
    followed,
    holdLookups: (on) => {
      holding = on;
    },
    get held() {
      return held.size;
    },
    releaseHeld: () => {
      for (const send of [...held]) {
        held.delete(send);
        send();
      }
    },
    restoreUser: (id) => removed.delete(id),
    authorize,
    async idToken(user) {
      const auth = new URLSearchParams({
        client_id: CLIENT_ID,
        response_type: 'code',
        scope: 'openid policies',
        redirect_uri: redirectUri,
        state: 'state-1',
        nonce: 'nonce-1',
      });
      const res = await authorize(user, `/auth?${auth}`);
      const code = res.searchParams.get('code');
      if (!code) throw new Error(`no authorization code (sent back to ${res})`);
      const token = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
      });
      const json = (await token.json()) as { id_token?: string; error?: string };
      if (!json.id_token) throw new Error(`no id_token: ${JSON.stringify(json)}`);
      return json.id_token;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
