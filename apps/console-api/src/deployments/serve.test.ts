import { describe, expect, it } from 'vitest';
import { type ConsoleConfig, DEFAULT_CONFIG } from '../config.js';
import { databaseFileFor, deploymentConfig } from './serve.js';

const ROOT: ConsoleConfig = {
  ...DEFAULT_CONFIG,
  serverUrl: 'http://127.0.0.1:9000',
  basePath: '/console',
  secureCookies: true,
  allowedOrigins: ['https://console.example.com'],
  storageRelayToken: 'relay-secret',
  rootAccessKey: 'root-user',
  prometheusUrl: 'http://prometheus:9090',
  prometheusJobId: 'local-job',
  ldap: true,
  openId: { configUrl: 'https://idp', clientId: 'c', callbackUrl: 'https://cb', scopes: ['openid'] },
  auditLog: { token: 'audit-token-0123456789', sqlitePath: 'audit.sqlite', retentionDays: 30 },
  publicServerUrl: 'https://s3.local.example.com',
  databasePath: '/data/stowage-console.sqlite',
  webRoot: '/app/web',
};

describe('a listed deployment’s configuration', () => {
  it('takes its own server, region, path and database; keeps the console-wide settings', () => {
    const config = deploymentConfig(ROOT, {
      id: 'eu',
      name: 'Europe',
      serverUrl: 'https://s3.eu.example.com',
      region: 'eu-west-1',
      publicServerUrl: 'https://public.eu.example.com',
    });
    expect(config).toMatchObject({
      serverUrl: 'https://s3.eu.example.com',
      region: 'eu-west-1',
      basePath: '/console/d/eu',
      publicServerUrl: 'https://public.eu.example.com',
      databasePath: '/data/stowage-console-eu.sqlite',
      deployment: { id: 'eu', root: false, consoleBasePath: '/console' },
      secureCookies: true,
      allowedOrigins: ['https://console.example.com'],
      webRoot: '/app/web',
      sessionIdleSeconds: DEFAULT_CONFIG.sessionIdleSeconds,
    });
  });

  it("gets nothing of the root deployment's server: no relay secret, root user, logins, audit or metrics", () => {
    const config = deploymentConfig(ROOT, {
      id: 'eu',
      name: 'Europe',
      serverUrl: 'https://s3.eu.example.com',
    });
    for (const key of [
      'storageRelayToken',
      'rootAccessKey',
      'prometheusUrl',
      'openId',
      'auditLog',
      'operator',
    ])
      expect(config).not.toHaveProperty(key);
    expect(config.publicServerUrl).toBeUndefined();
    expect(config.ldap).toBe(false);
    expect(config.region).toBe('us-east-1');
    expect(config.prometheusJobId).toBe(DEFAULT_CONFIG.prometheusJobId);
    expect(JSON.stringify(config)).not.toMatch(/relay-secret|root-user|audit-token|local\.example/);
  });

  it('keeps a console without a database file in memory for every deployment', () => {
    const { databasePath: _, ...inMemory } = ROOT;
    expect(
      deploymentConfig(inMemory, { id: 'eu', name: 'E', serverUrl: 'http://e:9000' }),
    ).not.toHaveProperty('databasePath');
    expect(databaseFileFor('console.db', 'eu')).toBe('console.db-eu');
  });
});
