// The few parts of oidc-provider (which ships no types) that the test provider uses, so that
// the e2e project, whose type check follows imports into this folder, can check it too.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients?: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    scopes?: string[];
    conformIdTokenClaims?: boolean;
    pkce?: { required?: () => boolean };
    features?: Record<string, unknown>;
    findAccount?(ctx: unknown, id: string): Promise<Account>;
  }

  interface ClientCredentialsGrant {
    clientId: string;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    ClientCredentials: { find(token: string): Promise<ClientCredentialsGrant | undefined> };
  }
}
