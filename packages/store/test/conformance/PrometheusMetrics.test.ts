import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient, prometheusToken } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrometheusServer, startPrometheus } from '../support/prometheus.js';
import { ROOT, rawRequest, startTestStore, type TestStore } from '../support/store.js';

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

async function eventually<T>(fn: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const v = await fn();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('never');
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
