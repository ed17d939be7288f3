import { describe, expect, test } from 'vitest';
import { parseCommand, USAGE, UsageError } from './args.js';

describe('parseCommand', () => {
  test('start defaults: ./data, 127.0.0.1, ports 9000 and 9090', () => {
    expect(parseCommand(['start'], {})).toEqual({
      command: 'start',
      dataDir: 'data',
      address: '127.0.0.1',
      port: 9000,
      consolePort: 9090,
      basePath: '',
      secureCookies: false,
      trustProxy: false,
      allowedOrigins: [],
      storeTrustProxy: [],
      ldap: false,
    });
  });

  test('allowed origins: exact origins from the flag or the environment, anything else refused', () => {
    expect(
      parseCommand(['start', '--allowed-origins', 'https://Console.Example.com, http://10.0.0.5:8080/'], {}),
    ).toMatchObject({ allowedOrigins: ['https://console.example.com', 'http://10.0.0.5:8080'] });
    expect(
      parseCommand(['console', '--server', 'http://s:9000'], {
        STOWAGE_ALLOWED_ORIGINS: 'https://a.example:443',
      }),
    ).toMatchObject({ allowedOrigins: ['https://a.example'] });
    for (const bad of [
      'console.example.com',
      'https://a.example/stowage',
      'ftp://a.example',
      '*',
      'https://u@a.example',
    ])
      expect(() => parseCommand(['start', '--allowed-origins', bad], {})).toThrow(
        '--allowed-origins takes origins',
      );
  });

  test('TLS and proxies: Secure cookies on request, forwarded headers believed only from the listed', () => {
    expect(parseCommand(['console', '--server', 'http://s:9000', '--secure-cookies'], {})).toMatchObject({
      secureCookies: true,
      trustProxy: false,
    });
    expect(parseCommand(['start'], { STOWAGE_SECURE_COOKIES: 'on' })).toMatchObject({ secureCookies: true });
    expect(parseCommand(['start', '--trust-proxy', '10.0.0.7, 192.168.0.0/16,::1'], {})).toMatchObject({
      trustProxy: ['10.0.0.7', '192.168.0.0/16', '::1'],
    });
    expect(parseCommand(['start'], { STOWAGE_TRUST_PROXY: '127.0.0.1' })).toMatchObject({
      trustProxy: ['127.0.0.1'],
    });
    for (const bad of ['proxy.example', '10.0.0.0/33', '10.0.0.1/8/2', 'true'])
      expect(() => parseCommand(['start', '--trust-proxy', bad], {})).toThrow(UsageError);
    expect(parseCommand(['server', 'd1', '--store-trust-proxy', '10.0.0.0/8'], {})).toMatchObject({
      storeTrustProxy: ['10.0.0.0/8'],
    });
    expect(parseCommand(['start'], { STOWAGE_STORE_TRUST_PROXY: '192.0.2.1' })).toMatchObject({
      storeTrustProxy: ['192.0.2.1'],
    });
    expect(() => parseCommand(['server', 'd1', '--store-trust-proxy', 'lb.example'], {})).toThrow(
      '--store-trust-proxy takes IP addresses',
    );
    // The console alone learns the root user from the environment, for the loopback exemption.
    expect(
      parseCommand(['console', '--server', 'http://s:9000'], { MINIO_ROOT_USER: 'admin' }),
    ).toMatchObject({ rootUser: 'admin' });
  });

  test("the console database's path comes from STOWAGE_CONSOLE_DB (run.ts defaults it)", () => {
    expect(parseCommand(['start'], {})).not.toHaveProperty('databasePath');
    expect(
      parseCommand(['start'], { STOWAGE_CONSOLE_DB: ' /var/lib/stowage/console.sqlite ' }),
    ).toMatchObject({
      databasePath: '/var/lib/stowage/console.sqlite',
    });
    expect(
      parseCommand(['console', '--server', 'http://s:9000'], { STOWAGE_CONSOLE_DB: 'c.sqlite' }),
    ).toMatchObject({
      databasePath: 'c.sqlite',
    });
  });

  test('share links name the external addresses from STOWAGE_PUBLIC_SERVER_URL / _CONSOLE_URL', () => {
    expect(parseCommand(['start'], {})).not.toHaveProperty('publicServerUrl');
    expect(
      parseCommand(['start'], {
        STOWAGE_PUBLIC_SERVER_URL: ' https://s3.example.com/ ',
        STOWAGE_PUBLIC_CONSOLE_URL: 'https://console.example.com:8443',
      }),
    ).toMatchObject({
      publicServerUrl: 'https://s3.example.com',
      publicConsoleUrl: 'https://console.example.com:8443',
    });
    expect(() =>
      parseCommand(['start'], { STOWAGE_PUBLIC_SERVER_URL: 'https://s3.example.com/bucket' }),
    ).toThrow(/STOWAGE_PUBLIC_SERVER_URL takes an address like/);
    expect(() => parseCommand(['start'], { STOWAGE_PUBLIC_CONSOLE_URL: 'ftp://x' })).toThrow(UsageError);
  });

  test('browser uploads: proxy mode and a part limit', () => {
    expect(parseCommand(['start'], {})).not.toHaveProperty('uploads');
    expect(
      parseCommand(['start'], {
        STOWAGE_UPLOAD_PROXY: 'on',
        STOWAGE_UPLOAD_MAX_PART_BYTES: '8388608',
      }),
    ).toMatchObject({
      uploads: { proxy: true, maxPartBytes: 8388608 },
    });
    expect(() => parseCommand(['start'], { STOWAGE_UPLOAD_MAX_PART_BYTES: '1048576' })).toThrow('at least');
    expect(() => parseCommand(['start'], { STOWAGE_UPLOAD_MAX_PART_BYTES: '8m' })).toThrow('byte count');
  });

  test('browser downloads: straight from the server unless STOWAGE_DOWNLOAD_PROXY is on', () => {
    expect(parseCommand(['start'], {})).not.toHaveProperty('downloads');
    expect(parseCommand(['start'], { STOWAGE_DOWNLOAD_PROXY: 'on' })).toMatchObject({
      downloads: { proxy: true },
    });
    expect(parseCommand(['start'], { STOWAGE_DOWNLOAD_PROXY: 'off' })).not.toHaveProperty('downloads');
  });

  test('audit log search: on with a token, SQLite unless PostgreSQL is named', () => {
    expect(parseCommand(['start'], {})).not.toHaveProperty('auditLog');
    expect(parseCommand(['start'], { STOWAGE_AUDIT_TOKEN: 'a-long-audit-token' })).toMatchObject({
      auditLog: { token: 'a-long-audit-token', retentionDays: 30 },
    });
    expect(
      parseCommand(['start'], {
        STOWAGE_AUDIT_TOKEN: 'a-long-audit-token',
        STOWAGE_AUDIT_POSTGRES: 'postgres://u@db/audit',
        STOWAGE_AUDIT_RETENTION_DAYS: '7',
      }),
    ).toMatchObject({ auditLog: { postgresUrl: 'postgres://u@db/audit', retentionDays: 7 } });
    expect(() => parseCommand(['start'], { STOWAGE_AUDIT_TOKEN: 'short' })).toThrow('at least 16');
    expect(() =>
      parseCommand(['start'], {
        STOWAGE_AUDIT_TOKEN: 'a-long-audit-token',
        STOWAGE_AUDIT_POSTGRES: 'mysql://x',
      }),
    ).toThrow('postgres://');
    expect(() =>
      parseCommand(['start'], {
        STOWAGE_AUDIT_TOKEN: 'a-long-audit-token',
        STOWAGE_AUDIT_RETENTION_DAYS: '0',
      }),
    ).toThrow('whole number of days');
  });

  test('logins: LDAP and single sign-on come from the environment', () => {
    expect(parseCommand(['start'], { CONSOLE_LDAP_ENABLED: 'on' })).toMatchObject({ ldap: true });
    const sso = parseCommand(['console', '--server', 'http://127.0.0.1:9000'], {
      STOWAGE_IDP_URL: 'https://idp.example/realms/x',
      CONSOLE_IDP_CLIENT_ID: 'console',
      STOWAGE_IDP_CALLBACK: 'https://console.example/oauth_callback',
      STOWAGE_IDP_SCOPES: 'openid, policies',
    });
    expect(sso).toMatchObject({
      openId: {
        configUrl: 'https://idp.example/realms/x',
        clientId: 'console',
        callbackUrl: 'https://console.example/oauth_callback',
        scopes: ['openid', 'policies'],
      },
    });
    expect(sso).not.toHaveProperty('openId.clientSecret');
    expect(() => parseCommand(['start'], { STOWAGE_IDP_URL: 'https://idp.example' })).toThrow(
      'single sign-on needs',
    );
    expect(() =>
      parseCommand(['start'], {
        STOWAGE_IDP_URL: 'idp.example',
        STOWAGE_IDP_CLIENT_ID: 'c',
        STOWAGE_IDP_CALLBACK: 'https://c/oauth_callback',
      }),
    ).toThrow('STOWAGE_IDP_URL must be an http(s) URL');
  });

  test('several deployments: --deployments or STOWAGE_DEPLOYMENTS names the settings file (run.ts reads it)', () => {
    expect(parseCommand(['start', '--deployments', 'deployments.json'], {})).toMatchObject({
      deploymentsFile: 'deployments.json',
    });
    expect(
      parseCommand(['console', '--server', 'http://s:9000'], {
        STOWAGE_DEPLOYMENTS: ' /etc/stowage/d.json ',
      }),
    ).toMatchObject({ deploymentsFile: '/etc/stowage/d.json' });
    expect(parseCommand(['start'], {})).not.toHaveProperty('deploymentsFile');
    expect(() => parseCommand(['console', '--operator', '--deployments', 'd.json'], {})).toThrow(
      '--deployments is not for console --operator',
    );
    expect(USAGE).toContain('--deployments FILE');
  });

  test('flags beat env, env beats defaults', () => {
    expect(
      parseCommand(['start', '--port', '9100'], { STOWAGE_PORT: '9200', STOWAGE_CONSOLE_PORT: '9300' }),
    ).toMatchObject({
      port: 9100,
      consolePort: 9300,
    });
  });

  test('server takes drive directories', () => {
    expect(parseCommand(['server', '/d1', '/d2'], {})).toMatchObject({
      command: 'server',
      drives: ['/d1', '/d2'],
    });
    expect(() => parseCommand(['server'], {})).toThrow(UsageError);
  });

  test('console needs an http(s) server URL and drops a trailing slash', () => {
    expect(parseCommand(['console', '--server', 'http://127.0.0.1:9000/'], {})).toMatchObject({
      command: 'console',
      serverUrl: 'http://127.0.0.1:9000',
    });
    expect(() => parseCommand(['console'], {})).toThrow('console needs --server URL');
    expect(() => parseCommand(['console', '--server', 'ftp://x'], {})).toThrow(UsageError);
  });

  test('console --operator needs no server and takes --kubeconfig; --kubeconfig alone is refused', () => {
    expect(parseCommand(['console', '--operator', '--kubeconfig', '/k/config'], {})).toMatchObject({
      command: 'console',
      serverUrl: '',
      operator: { kubeconfig: '/k/config' },
    });
    expect(parseCommand(['console', '--operator'], {})).toMatchObject({ operator: {} });
    expect(() => parseCommand(['console', '--kubeconfig', '/k/config'], {})).toThrow(
      '--kubeconfig is for console --operator',
    );
    expect(parseCommand(['console', '--server', 'http://s:9000'], {})).not.toHaveProperty('operator');
  });

  test('bad ports, unknown commands and unknown flags are usage errors', () => {
    expect(() => parseCommand(['start', '--port', '70000'], {})).toThrow('--port must be a port number');
    expect(() => parseCommand(['start', '--port', 'abc'], {})).toThrow(UsageError);
    expect(() => parseCommand(['frobnicate'], {})).toThrow("unknown command 'frobnicate'");
    expect(() => parseCommand(['start', '--nope'], {})).toThrow(UsageError);
  });

  test('no command or --help prints help', () => {
    expect(parseCommand([], {})).toEqual({ command: 'help' });
    expect(parseCommand(['start', '--help'], {})).toEqual({ command: 'help' });
  });

  test('parity: --parity or STOWAGE_PARITY for start and server, whole numbers only', () => {
    expect(parseCommand(['server', 'a', 'b', '--parity', '1'], {})).toMatchObject({
      command: 'server',
      parity: 1,
    });
    expect(parseCommand(['start'], { STOWAGE_PARITY: '2' })).toMatchObject({ command: 'start', parity: 2 });
    expect(parseCommand(['server', 'a'], {})).not.toHaveProperty('parity');
    expect(() => parseCommand(['server', 'a', '--parity', 'x'], {})).toThrow(
      '--parity must be a whole number',
    );
  });

  test("--json or STOWAGE_LOG_JSON: the store's log as JSON lines, for start and server", () => {
    expect(parseCommand(['server', 'a', '--json'], {})).toMatchObject({ command: 'server', logJson: true });
    expect(parseCommand(['start'], { STOWAGE_LOG_JSON: 'on' })).toMatchObject({
      command: 'start',
      logJson: true,
    });
    expect(parseCommand(['start'], {})).not.toHaveProperty('logJson');
  });
});

describe('dashboard source', () => {
  test('--prometheus-url and --prometheus-job (or env) for start and console; checked', () => {
    expect(
      parseCommand(['console', '--server', 'http://s:9000', '--prometheus-url', 'http://prom:9090/'], {
        STOWAGE_PROMETHEUS_JOB: 'minio',
      }),
    ).toMatchObject({ prometheusUrl: 'http://prom:9090', prometheusJob: 'minio' });
    expect(parseCommand(['start'], { STOWAGE_PROMETHEUS_URL: 'https://p' })).toMatchObject({
      prometheusUrl: 'https://p',
    });
    expect(parseCommand(['start'], {})).not.toHaveProperty('prometheusUrl');
    expect(() => parseCommand(['start', '--prometheus-url', 'prom:9090'], {})).toThrow(UsageError);
    expect(() => parseCommand(['start', '--prometheus-job', 'a"} or vector(1)'], {})).toThrow(
      '--prometheus-job',
    );
  });
});
