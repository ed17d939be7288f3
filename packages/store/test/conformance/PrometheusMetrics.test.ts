import { createHmac } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as s3sdk from '@aws-sdk/client-s3';
import { assumeRole, MadminClient, prometheusToken } from '@stowage/madmin';
import { type PrometheusServer, startPrometheus } from '@stowage/test-support/peers/prometheus';
import {
  ROOT,
  rawRequest,
  startTestStore,
  type TestStore,
  withEnv,
} from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStore } from '../../src/index.js';

// /minio/v2/metrics/cluster scraped by a real Prometheus (Debian's package) with a bearer
// token, then queried with PromQL as the console's dashboard does.

let t: TestStore;
let prom: PrometheusServer;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'metered' }));
  await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'metered', Key: 'a', Body: 'abcdef' }));
  await t.s3.send(new s3sdk.GetObjectCommand({ Bucket: 'metered', Key: 'missing' })).catch(() => {});
  prom = await startPrometheus({
    host: new URL(t.store.url).host,
    path: '/minio/v2/metrics/cluster',
    bearer: prometheusToken(ROOT),
  });
}, 60_000);
afterAll(async () => {
  await prom?.close();
  await t.close();
});

function eventually<T>(fn: () => Promise<T | undefined>): Promise<T> {
  return vi.waitFor(
    async () => {
      const v = await fn();
      if (v === undefined) throw new Error('never');
      return v;
    },
    { timeout: 30_000, interval: 200 },
  );
}

describe('Prometheus metrics', () => {
  it('are scraped by Prometheus with a bearer token and answer PromQL', async () => {
    const up = await eventually(async () => {
      const r = await prom.query('up{job="stowage"}');
      return r[0]?.value[1] === '1' ? r : undefined;
    });
    expect(up).toHaveLength(1);
    const drives = await prom.query('minio_cluster_drive_online_total');
    expect(drives[0]?.value[1]).toBe('4');
    const bucket = await prom.query('minio_bucket_usage_total_bytes{bucket="metered"}');
    expect(bucket[0]?.value[1]).toBe('6');
    const puts = await prom.query('minio_s3_requests_total{api="PutObject"}');
    expect(Number(puts[0]?.value[1])).toBeGreaterThanOrEqual(1);
    const errors = await prom.query('minio_s3_requests_4xx_errors_total{api="GetObject"}');
    expect(Number(errors[0]?.value[1])).toBeGreaterThanOrEqual(1);
    const usable = await prom.query('minio_cluster_capacity_usable_total_bytes');
    expect(Number(usable[0]?.value[1])).toBeGreaterThan(0);
  });

  it("report the process's CPU, descriptors and I/O, each drive's use and requests in flight", async () => {
    const value = async (q: string) => Number((await prom.query(q))[0]?.value[1]);
    expect(await value('minio_node_process_cpu_total_seconds')).toBeGreaterThan(0);
    expect(await value('minio_node_file_descriptor_open_total')).toBeGreaterThan(0);
    expect(await value('minio_node_io_wchar_bytes')).toBeGreaterThan(0);
    expect(await value('minio_node_process_starttime_seconds')).toBeLessThanOrEqual(Date.now() / 1000);
    expect(await value('minio_s3_requests_inflight_total')).toBeGreaterThanOrEqual(0);
    const drives = await prom.query('minio_node_drive_total_bytes');
    expect(drives).toHaveLength(4);
    expect(new Set(drives.map((d) => d.metric.drive)).size).toBe(4);
    expect(Number(drives[0]?.value[1])).toBeGreaterThan(0);
  });

  it('refuses requests without a valid token, or from users without admin:Prometheus', async () => {
    expect((await rawRequest(t.store.port, 'GET', '/minio/v2/metrics/cluster')).status).toBe(403);
    const forged = prometheusToken({ accessKey: ROOT.accessKey, secretKey: 'not-the-secret' });
    const res = await rawRequest(t.store.port, 'GET', '/minio/v2/metrics/cluster', {
      authorization: `Bearer ${forged}`,
    });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).Code).toBe('AccessDenied');
    const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
    await admin.users.add('scraper', 'scraper-secret-1');
    const user = prometheusToken({ accessKey: 'scraper', secretKey: 'scraper-secret-1' });
    expect(
      (await rawRequest(t.store.port, 'GET', '/minio/v2/metrics/node', { authorization: `Bearer ${user}` }))
        .status,
    ).toBe(403);
    await admin.policies.set(['diagnostics'], 'scraper', false);
    const ok = await rawRequest(t.store.port, 'GET', '/minio/v2/metrics/node', {
      authorization: `Bearer ${user}`,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('# TYPE minio_node_drive_online_total gauge');
  });
});

/** An HS512 JWT with exactly these claims, signed with `secret`. */
function token(claims: Record<string, unknown>, secret: string): string {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const signed = `${b64({ alg: 'HS512', typ: 'JWT' })}.${b64(claims)}`;
  return `${signed}.${createHmac('sha512', secret).update(signed).digest('base64url')}`;
}

const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;
const YEAR = 365 * 24 * 3600;

/** Status and admin error code of a scrape of /minio/v2/metrics/cluster with this bearer token. */
async function scrape(port: number, bearer: string): Promise<string> {
  const res = await rawRequest(port, 'GET', '/minio/v2/metrics/cluster', {
    authorization: `Bearer ${bearer}`,
  });
  return res.status === 200 ? '200' : `${res.status} ${JSON.parse(res.body).Code}`;
}

describe('metrics tokens', () => {
  it('must say when they expire, be issued by "prometheus", and run at most 100 years (mc\'s default)', async () => {
    const port = t.store.port;
    // What `mc admin prometheus generate` makes: 100 years, sub, iss=prometheus.
    expect(await scrape(port, prometheusToken(ROOT))).toBe('200');
    expect(await scrape(port, token({ sub: ROOT.accessKey, iss: 'prometheus' }, ROOT.secretKey))).toBe(
      '403 AccessDenied',
    );
    expect(
      await scrape(port, token({ sub: ROOT.accessKey, iss: 'prometheus', exp: 'never' }, ROOT.secretKey)),
    ).toBe('403 AccessDenied');
    expect(
      await scrape(
        port,
        token({ sub: ROOT.accessKey, iss: 'prometheus', exp: inSeconds(200 * YEAR) }, ROOT.secretKey),
      ),
    ).toBe('403 AccessDenied');
    expect(await scrape(port, token({ sub: ROOT.accessKey, exp: inSeconds(3600) }, ROOT.secretKey))).toBe(
      '403 AccessDenied',
    );
    expect(
      await scrape(
        port,
        token({ sub: ROOT.accessKey, iss: 'prometheus', exp: inSeconds(-10) }, ROOT.secretKey),
      ),
    ).toBe('400 ExpiredToken');
  });

  it('run no longer than STOWAGE_PROMETHEUS_JWT_MAX_LIFETIME, read at start; no duration stops the start', async () => {
    const drives = [join(t.dir, 'lifetime-1'), join(t.dir, 'lifetime-2')];
    const start = () => startStore({ drives, rootCredentials: ROOT });
    for (const bad of ['a day', '-24h', '0'])
      await expect(withEnv({ STOWAGE_PROMETHEUS_JWT_MAX_LIFETIME: bad }, start), bad).rejects.toThrow(
        `STOWAGE_PROMETHEUS_JWT_MAX_LIFETIME must be a duration such as 720h or 30d, not '${bad}'`,
      );
    const store = await withEnv({ STOWAGE_PROMETHEUS_JWT_MAX_LIFETIME: '24h' }, start);
    try {
      // The variable is gone again: the store holds to what it read when it started.
      expect(process.env.STOWAGE_PROMETHEUS_JWT_MAX_LIFETIME).toBeUndefined();
      expect(await scrape(store.port, prometheusToken(ROOT, 3600))).toBe('200');
      expect(await scrape(store.port, prometheusToken(ROOT, 2 * 24 * 3600))).toBe('403 AccessDenied');
      expect(await scrape(store.port, prometheusToken(ROOT))).toBe('403 AccessDenied');
    } finally {
      await store.close();
    }
    expect(await scrape(t.store.port, prometheusToken(ROOT))).toBe('200');
  });

  it('are not asked for with STOWAGE_PROMETHEUS_AUTH_TYPE=public; a type other than jwt or public stops the start', async () => {
    const drives = [join(t.dir, 'public-1'), join(t.dir, 'public-2')];
    const start = () => startStore({ drives, rootCredentials: ROOT });
    await expect(withEnv({ STOWAGE_PROMETHEUS_AUTH_TYPE: 'publik' }, start)).rejects.toThrow(
      "STOWAGE_PROMETHEUS_AUTH_TYPE must be jwt or public, not 'publik'",
    );
    await expect(withEnv({ MINIO_PROMETHEUS_AUTH_TYPE: 'none' }, start)).rejects.toThrow(
      "MINIO_PROMETHEUS_AUTH_TYPE must be jwt or public, not 'none'",
    );
    const anonymous = async (port: number) =>
      (await rawRequest(port, 'GET', '/minio/v2/metrics/cluster')).status;
    for (const vars of [
      { STOWAGE_PROMETHEUS_AUTH_TYPE: 'public' },
      { MINIO_PROMETHEUS_AUTH_TYPE: 'Public' },
    ] as Record<string, string>[]) {
      const store = await withEnv(vars, start);
      try {
        expect(await anonymous(store.port), JSON.stringify(vars)).toBe(200);
      } finally {
        await store.close();
      }
    }
    const store = await withEnv({ STOWAGE_PROMETHEUS_AUTH_TYPE: 'JWT' }, start);
    try {
      expect(await anonymous(store.port)).toBe(403);
    } finally {
      await store.close();
    }
    expect(await anonymous(t.store.port)).toBe(403);
  });

  it('end with the credentials they name: a disabled or removed user, an expired service account', async () => {
    const port = t.store.port;
    const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
    await admin.users.add('reader', 'reader-secret-1');
    await admin.policies.set(['diagnostics'], 'reader', false);
    const readers = prometheusToken({ accessKey: 'reader', secretKey: 'reader-secret-1' });
    expect(await scrape(port, readers)).toBe('200');
    await admin.users.setStatus('reader', 'disabled');
    expect(await scrape(port, readers)).toBe('403 AccessDenied');
    await admin.users.setStatus('reader', 'enabled');
    expect(await scrape(port, readers)).toBe('200');

    const soon = new Date(Date.now() + 1500);
    const key = await admin.serviceAccounts.add({ targetUser: 'reader', expiration: soon.toISOString() });
    const keys = prometheusToken(key);
    expect(await scrape(port, keys)).toBe('200');
    await new Promise((r) => setTimeout(r, Math.max(0, soon.getTime() - Date.now()) + 100));
    expect(await scrape(port, keys)).toBe('403 AccessDenied');

    await admin.users.remove('reader');
    expect(await scrape(port, readers)).toBe('403 AccessDenied');
  });

  it('end with temporary credentials: live ones scrape, expired ones are refused', async () => {
    const live = await assumeRole({ endpoint: t.store.url, credentials: ROOT });
    expect(await scrape(t.store.port, prometheusToken(live))).toBe('200');
    // Credentials that expired an hour ago, as a store keeps them a while (to say ExpiredToken).
    const drives = [join(t.dir, 'sts-1'), join(t.dir, 'sts-2')];
    const expired = { accessKey: 'EXPIREDMETRICSKEY000', secretKey: 'expired-metrics-secret-1' };
    await mkdir(join(drives[0]!, '.stowage.sys/config/iam/sts'), { recursive: true });
    await writeFile(
      join(drives[0]!, `.stowage.sys/config/iam/sts/${expired.accessKey}.json`),
      JSON.stringify({
        v: 1,
        ...expired,
        sessionToken: 'unused',
        parent: ROOT.accessKey,
        expiration: new Date(Date.now() - 3600_000).toISOString(),
      }),
    );
    const store = await startStore({ drives, rootCredentials: ROOT });
    try {
      expect(await scrape(store.port, prometheusToken(expired))).toBe('400 ExpiredToken');
      expect(await scrape(store.port, prometheusToken(ROOT))).toBe('200');
    } finally {
      await store.close();
    }
  });
});
