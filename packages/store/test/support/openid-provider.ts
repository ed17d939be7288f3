import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// A real OpenID provider (the oidc-provider package) on 127.0.0.1, with its development
// login screens, and a browserless walk through the authorization-code flow that ends
// with the user's id_token.

export const CLIENT_ID = 'stowage-console';
export const CLIENT_SECRET = 'stowage-console-oidc-secret';
const REDIRECT = 'http://127.0.0.1/oauth_callback';

export interface OpenIdProvider {
  issuer: string;
  /** Logs `user` in and returns its id_token. */
  idToken(user: string): Promise<string>;
  close(): Promise<void>;
}

export async function startOpenIdProvider(policiesOf: Record<string, string>): Promise<OpenIdProvider> {
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
        redirect_uris: [REDIRECT],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: { openid: ['sub'], policies: ['policy'] },
    scopes: ['openid', 'policies'],
    conformIdTokenClaims: false,
    pkce: { required: () => false },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ sub: id, policy: policiesOf[id] ?? '' }) };
    },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    async idToken(user) {
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
      const auth = new URLSearchParams({
        client_id: CLIENT_ID,
        response_type: 'code',
        scope: 'openid policies',
        redirect_uri: REDIRECT,
        state: 'state-1',
        nonce: 'nonce-1',
      });
      let res = await go(`/auth?${auth}`);
      // login, then consent, each an interaction; then the redirect carries the code.
      for (let step = 0; step < 10; step++) {
        const location = res.headers.get('location') ?? '';
        if (location.startsWith(REDIRECT)) break;
        if (location.includes('/interaction/')) {
          await go(location);
          const prompt =
            step === 0 ? { prompt: 'login', login: user, password: 'any' } : { prompt: 'consent' };
          res = await go(location, new URLSearchParams(prompt));
        } else {
          res = await go(location);
        }
      }
      const code = new URL(res.headers.get('location') ?? '').searchParams.get('code');
      if (!code) throw new Error(`no authorization code (last answer ${res.status})`);
      const token = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT }),
      });
      const json = (await token.json()) as { id_token?: string; error?: string };
      if (!json.id_token) throw new Error(`no id_token: ${JSON.stringify(json)}`);
      return json.id_token;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
