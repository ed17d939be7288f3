import { MadminClient, parseConfigText } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// MinIO's configuration environment variables (MINIO_<SUBSYS>_<KEY>) on a real store: the
// MinIO operator restarts a tenant with its config.env this way (licence activation).

const LICENSE = 'eyJhbGciOiJFUzM4NCJ9.eyJzdWIiOiJ0ZXN0In0.c2lnbmF0dXJl';

let t: TestStore;
let admin: MadminClient;
beforeAll(async () => {
  t = await startTestStore({
    drives: 1,
    env: { MINIO_SUBNET_LICENSE: LICENSE, MINIO_SITE_REGION: 'eu-env-1', MINIO_SUBNET_API_KEY: '' },
  });
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
});
afterAll(() => t.close());

describe('configuration from the environment', () => {
  it('get-config-kv subnet shows the licence the environment sets, as MinIO writes it', async () => {
    const text = await admin.config.getKV('subnet');
    expect(text).toBe(`# MINIO_SUBNET_LICENSE=${LICENSE}\nsubnet license= api_key= proxy= \n`);
    expect(parseConfigText(text)).toEqual([
      {
        subSys: 'subnet',
        target: '',
        kvs: [
          { key: 'license', value: '' },
          { key: 'api_key', value: '' },
          { key: 'proxy', value: '' },
        ],
        env: { license: LICENSE },
      },
    ]);
  });

  it('a stored value is accepted and shown, but the environment still wins (as MinIO)', async () => {
    expect(await admin.config.setKV('site region=eu-stored-2')).toEqual({ restart: true });
    expect(await admin.config.getKV('site')).toBe(
      '# MINIO_SITE_REGION=eu-env-1\nsite name= region=eu-stored-2 \n',
    );
    expect((await admin.serverInfo()).region).toBe('eu-env-1');
    expect(await admin.config.setKV('subnet license=stored-licence')).toEqual({ restart: false });
    expect(await admin.config.getKV('subnet:')).toBe(
      `# MINIO_SUBNET_LICENSE=${LICENSE}\nsubnet license=stored-licence api_key= proxy= \n`,
    );
  });

  it('get-config carries the environment lines too, and a restart reads them again', async () => {
    await t.restart();
    const all = await admin.config.getAll();
    expect(all.startsWith(`# MINIO_SUBNET_LICENSE=${LICENSE}\nsubnet license=stored-licence `)).toBe(true);
    expect(all).toContain('# MINIO_SITE_REGION=eu-env-1\nsite name= region=eu-stored-2 \n');
    expect((await admin.serverInfo()).region).toBe('eu-env-1');
  });

  it('help names the variables', async () => {
    const help = await admin.config.help('subnet', '', true);
    expect(help.keysHelp.map((k) => k.key)).toContain('MINIO_SUBNET_LICENSE');
  });

  it('a bad subnet proxy is refused and nothing is stored', async () => {
    await expect(admin.config.setKV('subnet proxy=ftp://proxy.local')).rejects.toMatchObject({
      code: 'XMinioConfigError',
      message: 'unexpected scheme found ftp',
    });
    expect(await admin.config.getKV('subnet')).toContain('proxy= \n');
  });
});
