import { createPublicKey, type JsonWebKey, type KeyObject, verify } from 'node:crypto';
import { DEFAULT_TARGET, effective, type ServerConfig } from '../config/kv.js';
import { subsystem } from '../config/subsystems.js';

// OpenID Connect tokens for AssumeRoleWithWebIdentity, configured by identity_openid as
// MinIO is: the provider's discovery document names its issuer and signing keys (JWKS);
// a token must be signed by one of them, issued by it, meant for our client id and not
// expired; its policy claim (claim_prefix + claim_name) names the policies, unless
// role_policy gives them.

export interface OpenIdConfig {
  configUrl: string;
  clientId: string;
  clientSecret: string;
  claimName: string;
  rolePolicy: string[];
  /** vendor=keycloak with keycloak_admin_url: the provider's users can be looked up. */
  keycloak?: { adminUrl: string; realm: string };
}

export class OpenIdError extends Error {
  constructor(
    message: string,
    readonly kind: 'invalid' | 'unavailable',
  ) {
    super(message);
    this.name = 'OpenIdError';
  }
}

export type Claims = Record<string, unknown>;

/** The default provider's settings, when identity_openid is configured; else undefined. */
export function openIdConfigFrom(config: ServerConfig): OpenIdConfig | undefined {
  const v = effective(config, subsystem('identity_openid')!, DEFAULT_TARGET);
  if (!v.config_url || v.enable === 'off') return undefined;
  return {
    configUrl: v.config_url,
    clientId: v.client_id ?? '',
    clientSecret: v.client_secret ?? '',
    // MinIO's default realm is master.
    ...(v.vendor === 'keycloak' && v.keycloak_admin_url
      ? { keycloak: { adminUrl: v.keycloak_admin_url, realm: v.keycloak_realm || 'master' } }
      : {}),
    claimName: `${v.claim_prefix ?? ''}${v.claim_name || 'policy'}`,
    rolePolicy: (v.role_policy ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  };
}

const ALGS: Record<string, { hash: string; ec?: boolean; pss?: boolean }> = {
  RS256: { hash: 'sha256' },
  RS384: { hash: 'sha384' },
  RS512: { hash: 'sha512' },
  PS256: { hash: 'sha256', pss: true },
  PS384: { hash: 'sha384', pss: true },
  PS512: { hash: 'sha512', pss: true },
  ES256: { hash: 'sha256', ec: true },
  ES384: { hash: 'sha384', ec: true },
  ES512: { hash: 'sha512', ec: true },
};
/** Keys are looked up again at most this often when a token names an unknown one. */
const REFRESH_MS = 60_000;
const LEEWAY_S = 60;

const part = (text: string): Claims => JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Claims;

export class OpenIdVerifier {
  private issuer?: string;
  private tokenUrl?: string;
  private keys = new Map<string, KeyObject>();
  private fetchedAt = 0;

  constructor(
    readonly cfg: OpenIdConfig,
    private readonly fetchJson: (url: string) => Promise<unknown> = async (url) => {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return res.json();
    },
  ) {}

  private async refresh(): Promise<void> {
    try {
      const discovery = (await this.fetchJson(this.cfg.configUrl)) as {
        issuer?: string;
        jwks_uri?: string;
        token_endpoint?: string;
      };
      if (!discovery.issuer || !discovery.jwks_uri)
        throw new Error('the discovery document names no issuer or jwks_uri');
      const jwks = (await this.fetchJson(discovery.jwks_uri)) as {
        keys?: (JsonWebKey & { kid?: string; use?: string })[];
      };
      const keys = new Map<string, KeyObject>();
      for (const [i, jwk] of (jwks.keys ?? []).entries()) {
        if (jwk.use !== undefined && jwk.use !== 'sig') continue;
        keys.set(jwk.kid ?? `#${i}`, createPublicKey({ key: jwk, format: 'jwk' }));
      }
      this.issuer = discovery.issuer;
      this.tokenUrl = discovery.token_endpoint;
      this.keys = keys;
      this.fetchedAt = Date.now();
    } catch (err) {
      throw new OpenIdError(
        `the OpenID provider could not be asked: ${(err as Error).message}`,
        'unavailable',
      );
    }
  }

  private async key(kid: string | undefined): Promise<KeyObject | undefined> {
    const find = () =>
      kid !== undefined ? this.keys.get(kid) : this.keys.size === 1 ? [...this.keys.values()][0] : undefined;
    if (!find() && Date.now() - this.fetchedAt > REFRESH_MS) await this.refresh();
    return find();
  }

  /** The provider's token endpoint, as its discovery document names it. */
  async tokenEndpoint(): Promise<string> {
    if (this.tokenUrl === undefined) await this.refresh();
    if (this.tokenUrl === undefined)
      throw new OpenIdError('the discovery document names no token_endpoint', 'unavailable');
    return this.tokenUrl;
  }

  /** The token's claims when it is valid for this provider and client. */
  async verify(token: string, now = Date.now()): Promise<Claims> {
    const [head, body, sig, ...rest] = token.split('.');
    if (!head || !body || !sig || rest.length > 0) throw new OpenIdError('the token is not a JWT', 'invalid');
    let header: Claims;
    let claims: Claims;
    try {
      header = part(head);
      claims = part(body);
    } catch {
      throw new OpenIdError('the token is not a JWT', 'invalid');
    }
    const alg = ALGS[String(header.alg)];
    if (!alg) throw new OpenIdError(`unsupported token algorithm ${String(header.alg)}`, 'invalid');
    const key = await this.key(typeof header.kid === 'string' ? header.kid : undefined);
    if (!key) throw new OpenIdError('the token is signed with an unknown key', 'invalid');
    const ok = verify(
      alg.hash,
      Buffer.from(`${head}.${body}`),
      {
        key,
        ...(alg.ec ? { dsaEncoding: 'ieee-p1363' as const } : {}),
        ...(alg.pss ? { padding: 6, saltLength: 32 } : {}),
      },
      Buffer.from(sig, 'base64url'),
    );
    if (!ok) throw new OpenIdError('the token signature is not valid', 'invalid');
    if (claims.iss !== this.issuer) throw new OpenIdError('the token comes from another issuer', 'invalid');
    const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!aud.includes(this.cfg.clientId) && claims.azp !== this.cfg.clientId)
      throw new OpenIdError('the token is meant for another client', 'invalid');
    const seconds = now / 1000;
    if (typeof claims.exp !== 'number' || claims.exp + LEEWAY_S < seconds)
      throw new OpenIdError('the token has expired', 'invalid');
    if (typeof claims.nbf === 'number' && claims.nbf - LEEWAY_S > seconds)
      throw new OpenIdError('the token is not valid yet', 'invalid');
    if (typeof claims.sub !== 'string' || claims.sub === '')
      throw new OpenIdError('the token has no sub claim', 'invalid');
    return claims;
  }

  /** The policy names a token grants: role_policy when set, else the policy claim. */
  policiesOf(claims: Claims): string[] {
    if (this.cfg.rolePolicy.length > 0) return this.cfg.rolePolicy;
    const raw = claims[this.cfg.claimName];
    const values = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
    return values.map((v) => String(v).trim()).filter((v) => v !== '');
  }
}
