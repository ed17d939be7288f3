import type { KubeCluster } from './clients/kube.js';
import type { ServiceAddressing } from './clients/tenant-services.js';
import type { SubnetSettings } from './services/subscription/subnet-client.js';
import type { ThrottleLimits } from './session/login-throttle.js';

/** Everything the console needs to know at run time; the CLI builds it from flags and env. */
export interface ConsoleConfig {
  /** The MinIO-compatible server, e.g. http://127.0.0.1:9000. */
  serverUrl: string;
  /** Region to sign STS calls with; MinIO accepts any when it has none configured. */
  region: string;
  /** Path prefix the console is served under, '' or like '/console' (no trailing slash). */
  basePath: string;
  /** Lifetime asked for the STS credentials of a session. */
  stsDurationSeconds: number;
  /** A session unused for this long is dropped. */
  sessionIdleSeconds: number;
  /** A session older than this is dropped, however busy. */
  sessionAbsoluteSeconds: number;
  /** Mark cookies Secure and send HSTS: the console is served over TLS (directly or behind a
   *  proxy). Also on by itself for requests a trusted proxy says arrived over https. */
  secureCookies: boolean;
  /** Proxies whose X-Forwarded-For and X-Forwarded-Proto are believed (addresses or CIDR
   *  ranges); false believes none, so a client cannot pick its own address or scheme. */
  trustProxy: false | string[];
  /** Origins (scheme://host[:port]) whose pages may open the live streams besides the console's
   *  own, e.g. the public address of a proxy that sends neither the Host it was asked for nor
   *  X-Forwarded-Host. */
  allowedOrigins: string[];
  /** An open session re-reads its user's policy this often, so a policy or group change made
   *  anywhere reaches it without a new login. */
  sessionRefreshSeconds: number;
  /** The root user's access key where the console knows it (the embedded store, or given in
   *  the environment): root is never throttled when logging in from loopback. */
  rootAccessKey?: string;
  /** Failed-login throttling; the defaults in login-throttle.ts. */
  loginThrottle?: Partial<ThrottleLimits>;
  /** The secret a store started with the same one (`stowage start`) takes as proof that the
   *  console relays the browser's address with its logins. */
  storageRelayToken?: string;
  /** A Prometheus server that scrapes the storage server, for the dashboard's widgets. */
  prometheusUrl?: string;
  /** The scrape job's name in that Prometheus (the `job` label of the series). */
  prometheusJobId: string;
  /** The built web app (apps/console-web/dist); undefined serves the API only. */
  webRoot?: string;
  /** The login form trades a directory user's name and password (AssumeRoleWithLDAPIdentity). */
  ldap: boolean;
  /** Single sign-on: the login page redirects to this OpenID provider. */
  openId?: OpenIdConfig;
  /** Audit log search: the storage server's audit webhook posts here, the Logs page searches. */
  auditLog?: AuditLogConfig;
  /** Operator mode: tenants on this Kubernetes API server, logins with service-account tokens. */
  operator?: OperatorConfig;
  /**
   * The console's database file (db/database.ts: share links, bulk jobs); absent keeps them in
   * memory only, lost when the console stops.
   */
  databasePath?: string;
  /**
   * The storage server's address as browsers reach it (`STOWAGE_PUBLIC_SERVER_URL`): share and
   * drop links are signed for this host, and browser uploads go to it; absent, `serverUrl`.
   */
  publicServerUrl?: string;
  /**
   * The console's own public address, e.g. https://console.example.com (`STOWAGE_PUBLIC_CONSOLE_URL`):
   * limited share links and drop pages name it; absent, the address the request came to.
   */
  publicConsoleUrl?: string;
  /** Browser uploads; absent: straight to serverUrl, parts of any size. */
  uploads?: UploadConfig;
  /** Browser downloads of one object; absent: straight from the server, by a signed URL. */
  downloads?: DownloadConfig;
  /** One of several deployments in this console (deployments/); absent when it has only one. */
  deployment?: DeploymentScope;
}

/**
 * Where a deployment's cookies live: at the console's own path, named with the deployment's id
 * (but the root deployment's), so each keeps its own session and any page can tell which
 * deployments this browser is logged into.
 */
export interface DeploymentScope {
  id: string;
  /** Served at the console's own path, cookies named as without deployments. */
  root: boolean;
  /** The console's base path ('' or like '/console'); basePath is `${consoleBasePath}/d/<id>`. */
  consoleBasePath: string;
}

/** How the browser uploads (issue 41). */
export interface UploadConfig {
  /** Uploads through the console, for servers the browser cannot reach. */
  proxy?: boolean;
  /** The body limit of a proxy between the browser and the server: parts stay below it. */
  maxPartBytes?: number;
}

/** How the browser downloads one object (issue 43). */
export interface DownloadConfig {
  /** Downloads through the console, for servers the browser cannot reach. */
  proxy?: boolean;
}

export interface OperatorConfig {
  cluster: KubeCluster;
  /** Where tenants' Services answer; cluster DNS when absent. */
  services?: ServiceAddressing;
  /** `CONSOLE_MINIO_IMAGE`: the image of tenants created or updated without one. */
  minioImage?: string;
  /** SUBNET's address and licence key; SUBNET's own when absent (subnet-client.ts). */
  subnet?: SubnetSettings;
  /** The console's own service-account token file, for the daily licence refresh; none skips it. */
  ownTokenFile?: string;
}

export interface AuditLogConfig {
  /** The audit_webhook auth_token the storage server sends with every entry. */
  token: string;
  /** PostgreSQL connection string; without one, the SQLite file below. */
  postgresUrl?: string;
  sqlitePath: string;
  /** Entries older than this are dropped (checked hourly). */
  retentionDays: number;
}

/** An OpenID Connect client registered with the provider the storage server also trusts. */
export interface OpenIdConfig {
  /** The provider's issuer URL or its /.well-known/openid-configuration address. */
  configUrl: string;
  clientId: string;
  /** Confidential clients only; public clients rely on PKCE alone. */
  clientSecret?: string;
  /** Where the provider sends the browser back: the console's /oauth_callback page. */
  callbackUrl: string;
  scopes: string[];
}

export const DEFAULT_CONFIG: Omit<ConsoleConfig, 'serverUrl'> = {
  region: 'us-east-1',
  basePath: '',
  stsDurationSeconds: 3600,
  sessionIdleSeconds: 30 * 60,
  sessionAbsoluteSeconds: 12 * 3600,
  secureCookies: false,
  trustProxy: false,
  allowedOrigins: [],
  sessionRefreshSeconds: 60,
  prometheusJobId: 'minio-job',
  ldap: false,
};

/** '/console/' -> '/console', '/' -> '', 'console' -> '/console'. */
export function normaliseBasePath(raw: string | undefined): string {
  const trimmed = (raw ?? '').trim().replace(/\/+$/, '');
  if (!trimmed) return '';
  if (!/^[A-Za-z0-9\-._~/]+$/.test(trimmed)) throw new Error(`invalid base path: ${raw}`);
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}
