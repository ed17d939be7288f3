import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownTokenFile } from './license-refresh.js';
import { DEFAULT_SUBNET_SETTINGS, subnetSettingsFromEnv } from './subnet-client.js';
import { licenseSigner } from './test-support/fake-subnet.js';

describe('subnetSettingsFromEnv', () => {
  it('defaults to SUBNET itself and its embedded key', () => {
    expect(subnetSettingsFromEnv({})).toEqual(DEFAULT_SUBNET_SETTINGS);
    expect(DEFAULT_SUBNET_SETTINGS.url).toBe('https://subnet.min.io');
  });

  it('takes CONSOLE_SUBNET_URL and a public key file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stowage-subnet-'));
    try {
      const pem = licenseSigner().publicKeyPem;
      await writeFile(join(dir, 'key.pem'), pem);
      expect(
        subnetSettingsFromEnv({
          CONSOLE_SUBNET_URL: 'http://127.0.0.1:9999/',
          STOWAGE_SUBNET_PUBLIC_KEY: join(dir, 'key.pem'),
        }),
      ).toMatchObject({ url: 'http://127.0.0.1:9999', publicKeyPem: pem });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a URL that is not http(s)', () => {
    expect(() => subnetSettingsFromEnv({ CONSOLE_SUBNET_URL: 'subnet.min.io' })).toThrow(
      /CONSOLE_SUBNET_URL/,
    );
  });
});

describe('ownTokenFile', () => {
  it('is the pod’s service-account token only when the cluster is the pod’s own', () => {
    const inPod = { KUBERNETES_SERVICE_HOST: '10.0.0.1', KUBERNETES_SERVICE_PORT: '443' };
    expect(ownTokenFile(undefined, inPod, '/sa')).toBe('/sa/token');
    expect(ownTokenFile('/k.yaml', inPod, '/sa')).toBeUndefined();
    expect(ownTokenFile(undefined, { ...inPod, KUBECONFIG: '/k.yaml' }, '/sa')).toBeUndefined();
    expect(ownTokenFile(undefined, {}, '/sa')).toBeUndefined();
  });

  it('is the file STOWAGE_OPERATOR_TOKEN_FILE names, anywhere', () => {
    expect(ownTokenFile('/k.yaml', { STOWAGE_OPERATOR_TOKEN_FILE: '/run/console/token' })).toBe(
      '/run/console/token',
    );
  });
});
