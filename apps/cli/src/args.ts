import { isIP } from 'node:net';
import { parseArgs } from 'node:util';

/** How the console is served (start and console commands). */
export interface ConsoleFlags {
  address: string;
  consolePort: number;
  basePath: string;
  /** Cookies Secure and HSTS: the console is served over TLS. */
  secureCookies: boolean;
  /** Proxies whose X-Forwarded-For/-Proto are believed; false believes none. */
  trustProxy: false | string[];
  /** Page origins besides the console's own that may open its live streams (sockets). */
  allowedOrigins: string[];
  /** The root user, for the root-from-loopback exemption of login throttling (console only;
   *  start knows its own). */
  rootUser?: string;
  /** A Prometheus that scrapes the store, for the dashboard; the store's own metrics otherwise. */
  prometheusUrl?: string;
  prometheusJob?: string;
  /** The login form takes directory (LDAP) users instead of the server's own. */
  ldap: boolean;
  /** Single sign-on through an OpenID provider the server also trusts. */
  openId?: {
    configUrl: string;
    clientId: string;
    clientSecret?: string;
    callbackUrl: string;
    scopes: string[];
  };
  /** Audit log search: the token the server's audit webhook sends, and where entries are kept. */
  auditLog?: { token: string; postgresUrl?: string; sqlitePath?: string; retentionDays: number };
  /** The console's database file (share links, bulk jobs); default in the data directory. */
  databasePath?: string;
  /** Share and drop links: the storage server's and the console's addresses as browsers reach them. */
  publicServerUrl?: string;
  publicConsoleUrl?: string;
  /** Browser uploads: through the console, or straight to the server with parts under a limit. */
  uploads?: { proxy?: boolean; maxPartBytes?: number };
  /** Browser downloads of one object: through the console, or straight from the server. */
  downloads?: { proxy?: boolean };
  /** The deployments settings file: further servers this console manages, each under /d/<id>/. */
  deploymentsFile?: string;
}

export type Command =
  | { command: 'help' }
  | ({
      command: 'start';
      dataDir: string;
      port: number;
      parity?: number;
      storeTrustProxy: string[];
      /** The store's log as JSON lines (MinIO's --json), not lines for people. */
      logJson?: boolean;
    } & ConsoleFlags)
  | {
      command: 'server';
      drives: string[];
      address: string;
      port: number;
      parity?: number;
      /** Proxies whose X-Forwarded-For the store believes. */
      storeTrustProxy: string[];
      logJson?: boolean;
    }
  | ({
      command: 'console';
      /** '' in operator mode without --server: tenants are the servers then. */
      serverUrl: string;
      /** Operator mode: tenants on the Kubernetes API server the kubeconfig (or the pod) names. */
      operator?: { kubeconfig?: string };
    } & ConsoleFlags);

export class UsageError extends Error {}

export const USAGE = `Usage: stowage <command> [options]

Commands:
  start                 the embedded store (data in ./data, four drives) and the console
  server DIR...         the store alone, on the given drive directories
  console --server URL  the console alone, for an existing MinIO-compatible server
  console --operator    operator mode: tenants on a Kubernetes cluster, service-account logins

Options:
  --data DIR            start: data directory (default ./data, env STOWAGE_DATA)
  --address HOST        listen address (default 127.0.0.1, env STOWAGE_ADDRESS)
  --port N              S3 and admin API port (default 9000, env STOWAGE_PORT)
  --console-port N      console port (default 9090, env STOWAGE_CONSOLE_PORT)
  --base-path PATH      serve the console under PATH (env STOWAGE_BASE_PATH)
  --secure-cookies      the console is served over TLS (directly or by a proxy): Secure
                        cookies (__Host- prefixed at the root path) and HSTS
                        (env STOWAGE_SECURE_COOKIES=on)
  --trust-proxy LIST    addresses or CIDR ranges of reverse proxies whose X-Forwarded-For
                        and X-Forwarded-Proto are believed, comma-separated (default none;
                        env STOWAGE_TRUST_PROXY); https from one of them also makes cookies
                        Secure; their X-Forwarded-Host or Forwarded host= is the address
                        the live streams' page origin must match
  --allowed-origins LIST  start, console: page origins (scheme://host[:port]) besides the
                        console's own that may open its live streams, comma-separated, e.g.
                        https://console.example.com (env STOWAGE_ALLOWED_ORIGINS); a page on
                        the same host name is always allowed when the Host has no port
  --store-trust-proxy LIST  start, server: proxies (IPs, CIDR ranges) whose X-Forwarded-For
                        the store believes for its login throttling, aws:SourceIp and audit
                        (default none; env STOWAGE_STORE_TRUST_PROXY); start's store also
                        believes its own console, by a secret made for the run
  --parity N            start, server: parity shards per object (default half the drives
                        of an erasure set, at most 4; env STOWAGE_PARITY)
  --json                start, server: the store's log as JSON lines, each a MinIO log
                        entry (env STOWAGE_LOG_JSON=on)
  --server URL          console: the storage server (env STOWAGE_SERVER)
  --operator            console: operator mode; the Kubernetes API server and its CA come from
                        --kubeconfig, else KUBECONFIG, else the pod's service account
  --kubeconfig FILE     console --operator: the kubeconfig whose current cluster to use (its
                        credentials are not used: every call carries the user's own token)
  --prometheus-url URL  start, console: a Prometheus scraping the server, for the dashboard
                        (env STOWAGE_PROMETHEUS_URL; without one the console records the
                        server's own metrics)
  --prometheus-job NAME its scrape job (default minio-job, env STOWAGE_PROMETHEUS_JOB)
  --deployments FILE    start, console: further MinIO-compatible servers this console manages,
                        each with its own logins (env STOWAGE_DEPLOYMENTS); see below

Logins (start, console), from the environment:
  STOWAGE_LDAP=on       the login form takes directory users (AssumeRoleWithLDAPIdentity);
                        the server needs identity_ldap configured (CONSOLE_LDAP_ENABLED too)
  STOWAGE_IDP_URL, STOWAGE_IDP_CLIENT_ID, STOWAGE_IDP_CALLBACK (and optional
  STOWAGE_IDP_SECRET, STOWAGE_IDP_SCOPES, default openid,profile,email)
                        single sign-on with an OpenID provider; the callback is the console's
                        /oauth_callback address (CONSOLE_IDP_* names are read too)

Audit log search (start, console), from the environment:
  STOWAGE_AUDIT_TOKEN   turns it on: the server's audit_webhook posts to the console's
                        /api/v1/audit/ingest with this auth_token
  STOWAGE_AUDIT_POSTGRES  a PostgreSQL connection string; otherwise a SQLite file,
  STOWAGE_AUDIT_DB      its path (default stowage-audit.sqlite, in the data directory for start)
  STOWAGE_AUDIT_RETENTION_DAYS  how long entries are kept (default 30)

External addresses (start, console), as browsers reach them:
  STOWAGE_PUBLIC_SERVER_URL   the storage server's (share and drop links, browser uploads;
                        default: the address the console uses)
  STOWAGE_PUBLIC_CONSOLE_URL  the console's own (limited share links and drop pages name it;
                        default: the address a request came to)

The console's database (start, console): share links and bulk jobs, kept across restarts.
  STOWAGE_CONSOLE_DB    its path (default stowage-console.sqlite, in the data directory for
                        start, in the working directory for console)

Browser uploads and downloads (start, console), from the environment:
  STOWAGE_UPLOAD_PROXY=on   uploads go through the console (a server the browser cannot reach);
                        otherwise the browser sends them to the server itself (presigned parts,
                        to STOWAGE_PUBLIC_SERVER_URL where one is set)
  STOWAGE_UPLOAD_MAX_PART_BYTES  the body limit of a proxy in front of the server (>= 5 MiB):
                        upload parts stay below it (default none)
  STOWAGE_DOWNLOAD_PROXY=on  downloads of an object go through the console; otherwise the
                        browser downloads it from the server by a URL the console signs

Several deployments (start, console): --deployments FILE (or STOWAGE_DEPLOYMENTS) names a
JSON file listing servers besides the console's own (start: the embedded store, id local;
console: --server, id default):
  { "deployments": [ { "id": "eu", "name": "Europe", "serverUrl": "https://s3.eu.example.com",
                       "region": "eu-west-1", "publicServerUrl": "https://s3.eu.example.com" } ] }
  id (lowercase letters, digits, hyphens), name and serverUrl are required; region (default
  us-east-1) and publicServerUrl (share links, uploads) are optional. Each is served under
  /d/<id>/ with its own sessions; the sidebar and the command palette switch between them.
  Audit log search, Prometheus, LDAP and single sign-on apply to the console's own server only.

Root credentials: STOWAGE_ROOT_USER / STOWAGE_ROOT_PASSWORD (or MINIO_ROOT_USER /
MINIO_ROOT_PASSWORD); otherwise generated on first start and kept in the data directory.`;

function port(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new UsageError(`${name} must be a port number, got '${raw}'`);
  return n;
}

/** 'a, b/24' -> ['a', 'b/24']; each an IP address or a CIDR range, as proxy-addr reads them. */
function trustProxy(raw: string | undefined, flag: string): false | string[] {
  if (raw === undefined || raw.trim() === '') return false;
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !validBits || rest.length > 0)
      throw new UsageError(`${flag} takes IP addresses or CIDR ranges, got '${entry}'`);
  }
  return list;
}

/** 'https://a.example, http://b:8080' -> exact origins, as browsers send them in Origin. */
function allowedOrigins(raw: string | undefined): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.map((entry) => {
    const origin = originOf(entry);
    if (!origin)
      throw new UsageError(
        `--allowed-origins takes origins like https://console.example.com (scheme, host, optional port; no path), got '${entry}'`,
      );
    return origin;
  });
}

/** scheme://host[:port] when `entry` is just that (a trailing slash allowed), else undefined. */
function originOf(entry: string): string | undefined {
  let url: URL | undefined;
  try {
    url = new URL(entry);
  } catch {}
  const onlyOrigin =
    url &&
    /^https?:$/.test(url.protocol) &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !url.username;
  return url && onlyOrigin && !/[?#]/.test(entry) ? url.origin : undefined;
}

/**
 * The external addresses share and drop links name: the storage server's as browsers reach it,
 * and the console's own (each an origin; the console adds its base path).
 */
function publicAddresses(env: NodeJS.ProcessEnv): Pick<ConsoleFlags, 'publicServerUrl' | 'publicConsoleUrl'> {
  const read = (name: string) => {
    const raw = env[name]?.trim();
    if (!raw) return undefined;
    const origin = originOf(raw);
    if (!origin)
      throw new UsageError(`${name} takes an address like https://s3.example.com (no path), got '${raw}'`);
    return origin;
  };
  const server = read('STOWAGE_PUBLIC_SERVER_URL');
  const consoleUrl = read('STOWAGE_PUBLIC_CONSOLE_URL');
  return {
    ...(server ? { publicServerUrl: server } : {}),
    ...(consoleUrl ? { publicConsoleUrl: consoleUrl } : {}),
  };
}

function parity(raw: string | undefined): { parity?: number } {
  if (raw === undefined || raw === '') return {};
  if (!/^\d+$/.test(raw)) throw new UsageError(`--parity must be a whole number, got '${raw}'`);
  return { parity: Number(raw) };
}

function prometheus(
  url: string | undefined,
  job: string | undefined,
): Pick<ConsoleFlags, 'prometheusUrl' | 'prometheusJob'> {
  const out: Pick<ConsoleFlags, 'prometheusUrl' | 'prometheusJob'> = {};
  if (url) {
    if (!/^https?:\/\/[^\s/]+/.test(url))
      throw new UsageError(`--prometheus-url must be an http(s) URL, got '${url}'`);
    out.prometheusUrl = url.replace(/\/+$/, '');
  }
  if (job) {
    // It goes into PromQL label matchers.
    if (!/^[A-Za-z0-9_.:-]+$/.test(job))
      throw new UsageError(`--prometheus-job may hold letters, digits and _.:- only, got '${job}'`);
    out.prometheusJob = job;
  }
  return out;
}

const ON = new Set(['on', 'true', '1', 'yes']);

function logins(env: NodeJS.ProcessEnv): Pick<ConsoleFlags, 'ldap' | 'openId'> {
  const read = (name: string) => env[`STOWAGE_${name}`] ?? env[`CONSOLE_${name}`];
  const ldap = ON.has((env.STOWAGE_LDAP ?? env.CONSOLE_LDAP_ENABLED ?? '').toLowerCase());
  const configUrl = read('IDP_URL');
  const clientId = read('IDP_CLIENT_ID');
  const callbackUrl = read('IDP_CALLBACK');
  const given = [configUrl, clientId, callbackUrl].filter(Boolean).length;
  if (given === 0) return { ldap };
  if (!configUrl || !clientId || !callbackUrl)
    throw new UsageError(
      'single sign-on needs STOWAGE_IDP_URL, STOWAGE_IDP_CLIENT_ID and STOWAGE_IDP_CALLBACK',
    );
  for (const [name, url] of [
    ['STOWAGE_IDP_URL', configUrl],
    ['STOWAGE_IDP_CALLBACK', callbackUrl],
  ] as const)
    if (!/^https?:\/\/[^\s/]+/.test(url))
      throw new UsageError(`${name} must be an http(s) URL, got '${url}'`);
  const secret = read('IDP_SECRET');
  const scopes = (read('IDP_SCOPES') ?? 'openid,profile,email').split(/[\s,]+/).filter(Boolean);
  return {
    ldap,
    openId: { configUrl, clientId, callbackUrl, scopes, ...(secret ? { clientSecret: secret } : {}) },
  };
}

function auditLog(env: NodeJS.ProcessEnv): Pick<ConsoleFlags, 'auditLog'> {
  const token = env.STOWAGE_AUDIT_TOKEN;
  if (!token) return {};
  if (token.length < 16) throw new UsageError('STOWAGE_AUDIT_TOKEN must be at least 16 characters');
  const days = env.STOWAGE_AUDIT_RETENTION_DAYS ?? '30';
  if (!/^\d{1,5}$/.test(days) || Number(days) < 1)
    throw new UsageError(`STOWAGE_AUDIT_RETENTION_DAYS must be a whole number of days, got '${days}'`);
  const postgresUrl = env.STOWAGE_AUDIT_POSTGRES;
  if (postgresUrl && !/^postgres(ql)?:\/\//.test(postgresUrl))
    throw new UsageError('STOWAGE_AUDIT_POSTGRES must be a postgres:// connection string');
  return {
    auditLog: {
      token,
      retentionDays: Number(days),
      ...(postgresUrl ? { postgresUrl } : {}),
      ...(env.STOWAGE_AUDIT_DB ? { sqlitePath: env.STOWAGE_AUDIT_DB } : {}),
    },
  };
}

const MIN_PART_BYTES = 5 * 1024 * 1024;

function uploads(env: NodeJS.ProcessEnv): Pick<ConsoleFlags, 'uploads'> {
  const out: NonNullable<ConsoleFlags['uploads']> = {};
  if (ON.has((env.STOWAGE_UPLOAD_PROXY ?? '').toLowerCase())) out.proxy = true;
  const max = env.STOWAGE_UPLOAD_MAX_PART_BYTES?.trim();
  if (max) {
    if (!/^\d{1,13}$/.test(max) || Number(max) < MIN_PART_BYTES)
      throw new UsageError(
        `STOWAGE_UPLOAD_MAX_PART_BYTES must be a byte count of at least ${MIN_PART_BYTES}, got '${max}'`,
      );
    out.maxPartBytes = Number(max);
  }
  return Object.keys(out).length ? { uploads: out } : {};
}

function downloads(env: NodeJS.ProcessEnv): Pick<ConsoleFlags, 'downloads'> {
  return ON.has((env.STOWAGE_DOWNLOAD_PROXY ?? '').toLowerCase()) ? { downloads: { proxy: true } } : {};
}

function deploymentsFile(raw: string | undefined): Pick<ConsoleFlags, 'deploymentsFile'> {
  const path = raw?.trim();
  return path ? { deploymentsFile: path } : {};
}

/** Turn argv and env into one typed command; pure, so every rule is unit-tested. */
export function parseCommand(argv: string[], env: NodeJS.ProcessEnv): Command {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        data: { type: 'string' },
        address: { type: 'string' },
        port: { type: 'string' },
        'console-port': { type: 'string' },
        'base-path': { type: 'string' },
        'secure-cookies': { type: 'boolean' },
        'trust-proxy': { type: 'string' },
        'store-trust-proxy': { type: 'string' },
        'allowed-origins': { type: 'string' },
        server: { type: 'string' },
        operator: { type: 'boolean' },
        kubeconfig: { type: 'string' },
        'prometheus-url': { type: 'string' },
        'prometheus-job': { type: 'string' },
        deployments: { type: 'string' },
        parity: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  if (values.help || command === undefined || command === 'help') return { command: 'help' };
  const address = str(values.address) ?? env.STOWAGE_ADDRESS ?? '127.0.0.1';
  const s3Port = port(str(values.port) ?? env.STOWAGE_PORT, 9000, '--port');
  const consolePort = port(str(values['console-port']) ?? env.STOWAGE_CONSOLE_PORT, 9090, '--console-port');
  const basePath = str(values['base-path']) ?? env.STOWAGE_BASE_PATH ?? '';
  const parityOption = parity(str(values.parity) ?? env.STOWAGE_PARITY);
  const rootUser = env.STOWAGE_ROOT_USER || env.MINIO_ROOT_USER;
  const logJson =
    values.json === true || ON.has((env.STOWAGE_LOG_JSON ?? '').toLowerCase()) ? { logJson: true } : {};
  const storeTrustProxy = () =>
    trustProxy(str(values['store-trust-proxy']) ?? env.STOWAGE_STORE_TRUST_PROXY, '--store-trust-proxy') ||
    [];
  const consoleFlags = (): ConsoleFlags => ({
    address,
    consolePort,
    basePath,
    secureCookies:
      values['secure-cookies'] === true || ON.has((env.STOWAGE_SECURE_COOKIES ?? '').toLowerCase()),
    trustProxy: trustProxy(str(values['trust-proxy']) ?? env.STOWAGE_TRUST_PROXY, '--trust-proxy'),
    allowedOrigins: allowedOrigins(str(values['allowed-origins']) ?? env.STOWAGE_ALLOWED_ORIGINS),
    ...(rootUser ? { rootUser } : {}),
    ...logins(env),
    ...auditLog(env),
    ...(env.STOWAGE_CONSOLE_DB?.trim() ? { databasePath: env.STOWAGE_CONSOLE_DB.trim() } : {}),
    ...publicAddresses(env),
    ...uploads(env),
    ...downloads(env),
    ...deploymentsFile(str(values.deployments) ?? env.STOWAGE_DEPLOYMENTS),
    ...prometheus(
      str(values['prometheus-url']) ?? env.STOWAGE_PROMETHEUS_URL,
      str(values['prometheus-job']) ?? env.STOWAGE_PROMETHEUS_JOB,
    ),
  });
  switch (command) {
    case 'start':
      if (rest.length > 0) throw new UsageError(`start takes no arguments, got '${rest.join(' ')}'`);
      return {
        command,
        dataDir: str(values.data) ?? env.STOWAGE_DATA ?? 'data',
        port: s3Port,
        storeTrustProxy: storeTrustProxy(),
        ...consoleFlags(),
        ...parityOption,
        ...logJson,
      };
    case 'server':
      if (rest.length === 0) throw new UsageError('server needs at least one drive directory');
      return {
        command,
        drives: rest,
        address,
        port: s3Port,
        storeTrustProxy: storeTrustProxy(),
        ...parityOption,
        ...logJson,
      };
    case 'console': {
      const serverUrl = str(values.server) ?? env.STOWAGE_SERVER ?? env.CONSOLE_MINIO_SERVER;
      const kubeconfig = str(values.kubeconfig);
      if (kubeconfig !== undefined && values.operator !== true) {
        throw new UsageError('--kubeconfig is for console --operator');
      }
      if (values.operator === true && (values.deployments !== undefined || env.STOWAGE_DEPLOYMENTS?.trim()))
        throw new UsageError('--deployments is not for console --operator: tenants are its servers');
      if (values.operator === true && !serverUrl) {
        return { command, serverUrl: '', operator: kubeconfig ? { kubeconfig } : {}, ...consoleFlags() };
      }
      if (!serverUrl) throw new UsageError('console needs --server URL (or --operator)');
      if (!/^https?:\/\/[^\s/]+/.test(serverUrl))
        throw new UsageError(`--server must be an http(s) URL, got '${serverUrl}'`);
      return {
        command,
        serverUrl: serverUrl.replace(/\/+$/, ''),
        ...(values.operator === true ? { operator: kubeconfig ? { kubeconfig } : {} } : {}),
        ...consoleFlags(),
      };
    }
    default:
      throw new UsageError(`unknown command '${command}'`);
  }
}
