import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { prometheusToken } from '@stowage/madmin';
import { corruptShardFiles } from '@stowage/store/test-support';
import { type PrometheusServer, startPrometheus } from '@stowage/test-support/peers/prometheus';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { callAs, type Harness, type LoggedIn, loginAs, ROOT, startHarness } from './harness.js';

// The dashboard against a real store: the general status from the admin API, and widgets
// from the store's own metrics (no Prometheus) or from a real Prometheus (Debian's package).

interface WidgetBody {
  id: number;
  title: string;
  series: { name: string; values: [number, number][] }[];
}
const lastValue = (w: WidgetBody | undefined, name?: string) =>
  (name ? w?.series.find((s) => s.name === name) : w?.series[0])?.values.at(-1)?.[1];

let h: Harness;
let root: LoggedIn;
let s3: S3Client;
const call = (who: LoggedIn, method: InjectOptions['method'], url: string, body?: unknown) =>
  callAs(h.app, who, method, url, body);

beforeAll(async () => {
  h = await startHarness();
  root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
  s3 = new S3Client({
    endpoint: h.storeUrl,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ROOT.accessKey, secretAccessKey: ROOT.secretKey },
  });
  await s3.send(new CreateBucketCommand({ Bucket: 'dash' }));
  await s3.send(new PutObjectCommand({ Bucket: 'dash', Key: 'a', Body: 'x'.repeat(1000) }));
  await s3.send(new PutObjectCommand({ Bucket: 'dash', Key: 'b', Body: 'y'.repeat(24) }));
});
afterAll(async () => {
  s3?.destroy();
  await h?.close();
});

describe('GET /admin/info without Prometheus', () => {
  test("general status and the list of thirty widgets, each from the store's own metrics", async () => {
    const res = await call(root, 'GET', '/admin/info');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ buckets: 1, objects: 2, usage: 1024, metricsSource: 'storage' });
    expect(body.servers).toHaveLength(1);
    expect(body.servers[0].state).toBe('online');
    expect(body.servers[0].drives).toHaveLength(4);
    expect(body.servers[0].drives[0].totalSpace).toBeGreaterThan(0);

    // The list only: each widget's data is its own call, so one failing never fails the rest.
    const list = body.widgets as WidgetBody[];
    expect(list).toHaveLength(30);
    expect(list.every((w) => w.series.length === 0)).toBe(true);
    const byTitle = async (title: string) => {
      const id = list.find((w) => w.title === title)?.id;
      const one = await call(root, 'GET', `/admin/info/widgets/${id}`);
      expect(one.statusCode).toBe(200);
      return one.json() as WidgetBody;
    };
    expect(lastValue(await byTitle('Total Online Disks'))).toBe(4);
    expect(lastValue(await byTitle('Number of Buckets'))).toBe(1);
    expect(lastValue(await byTitle('Number of Objects'))).toBe(2);
    expect(lastValue(await byTitle('Usable Capacity'), 'Used')).toBe(1024);
    expect(lastValue(await byTitle('Total S3 Requests'))).toBeGreaterThanOrEqual(3);
    expect((await byTitle('Drive Used Capacity')).series).toHaveLength(4);
  });

  test('one widget over a range; bad ranges and unknown widgets are refused', async () => {
    const now = Math.floor(Date.now() / 1000);
    const one = await call(root, 'GET', `/admin/info/widgets/8?start=${now - 600}&end=${now + 1}&step=1`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id: 8,
      title: 'Data Usage Growth',
      type: 'linearGraph',
      unit: 'bytes',
    });
    const points = one.json().series[0].values as [number, number][];
    expect(points.at(-1)).toEqual([now + 1, 1024]);
    expect(points.every(([t], i) => i === 0 || t - points[i - 1]![0] === 1)).toBe(true);

    const backwards = await call(root, 'GET', `/admin/info?start=${now}&end=${now - 10}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().detailedMessage).toContain('must be before end');
    expect((await call(root, 'GET', `/admin/info?start=0&end=${now}&step=1`)).statusCode).toBe(400);
    expect((await call(root, 'GET', '/admin/info?step=0')).statusCode).toBe(400);
    const unknown = await call(root, 'GET', '/admin/info/widgets/999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: expect.any(String), detailedMessage: 'no widget 999' });
    expect((await call(root, 'GET', '/admin/info/widgets/abc')).statusCode).toBe(400);
  });

  test('a user the server does not let read server info is refused', async () => {
    await callAs(h.app, root, 'POST', '/users', {
      accessKey: 'reader',
      secretKey: 'reader-secret',
      groups: [],
      policies: ['readonly'],
    });
    const reader = await loginAs(h.app, 'reader', 'reader-secret');
    expect((await call(reader, 'GET', '/admin/info')).statusCode).toBe(403);
    // The history root's views recorded is not shown to a session without the dashboard's rights.
    const widget = await call(reader, 'GET', '/admin/info/widgets/2');
    expect(widget.statusCode).toBe(403);
    expect(widget.body).not.toContain('Online');
  });
});

describe('GET /admin/info: the background heal', () => {
  test('the heal-on-read queue: an object read with a corrupt shard is queued, healed, and counted', async () => {
    const before = (await call(root, 'GET', '/admin/info')).json();
    expect(before.healQueue).toMatchObject({ failed: 0, dropped: 0 });
    expect(Date.parse(before.healQueue.since)).toBeGreaterThan(0);
    expect(before.servers[0].drives.every((d: { healing?: unknown }) => d.healing === undefined)).toBe(true);
    // A file-backed object (past the inline limit); every shard file of it on one drive damaged.
    await s3.send(new PutObjectCommand({ Bucket: 'dash', Key: 'big', Body: Buffer.alloc(300 * 1024, 9) }));
    await corruptShardFiles(h.drives[0]!, 'dash');
    const got = await s3.send(new GetObjectCommand({ Bucket: 'dash', Key: 'big' }));
    expect((await got.Body!.transformToByteArray()).every((b) => b === 9)).toBe(true);
    // Drained: polled with a deadline, not timed.
    const queue = await vi.waitFor(
      async () => {
        const queue = (await call(root, 'GET', '/admin/info')).json().healQueue;
        if (queue.pending > 0 || queue.healed <= before.healQueue.healed)
          throw new Error(`not drained: ${JSON.stringify(queue)}`);
        return queue;
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(queue.queued).toBeGreaterThan(before.healQueue.queued);
    expect(queue.bytesHealed).toBeGreaterThanOrEqual(300 * 1024);
    expect(queue.failed).toBe(0);
  });

  test('a user who may read server info but not heal status sees the dashboard without the queue', async () => {
    const document = {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['admin:ServerInfo'], Resource: ['arn:aws:s3:::*'] }],
    };
    expect(
      (await call(root, 'POST', '/policies', { name: 'info-only', policy: JSON.stringify(document) }))
        .statusCode,
    ).toBeLessThan(300);
    await callAs(h.app, root, 'POST', '/users', {
      accessKey: 'infoonly',
      secretKey: 'infoonly-secret',
      groups: [],
      policies: ['info-only'],
    });
    const watcher = await loginAs(h.app, 'infoonly', 'infoonly-secret');
    const res = await call(watcher, 'GET', '/admin/info');
    expect(res.statusCode).toBe(200);
    expect(res.json().servers).toHaveLength(1);
    expect(res.json().healQueue).toBeUndefined();
  });
});

describe('GET /admin/info with Prometheus', () => {
  let prom: PrometheusServer;
  let withProm: Harness;
  beforeAll(async () => {
    prom = await startPrometheus({
      host: new URL(h.storeUrl).host,
      path: '/minio/v2/metrics/cluster',
      bearer: prometheusToken(ROOT),
    });
    withProm = await startHarness({ prometheusUrl: prom.url, prometheusJobId: 'stowage' });
    // Until Prometheus has scraped once (as before, a scrape that never comes fails the tests, not this).
    await vi
      .waitFor(
        async () => {
          if ((await prom.query('minio_cluster_drive_online_total')).length === 0)
            throw new Error('no scrape yet');
        },
        { timeout: 30_000, interval: 200 },
      )
      .catch(() => {});
  }, 60_000);
  afterAll(async () => {
    await withProm?.close();
    await prom?.close();
  });

  test('widgets come from PromQL over the scraped store; a dead Prometheus falls back', async () => {
    const admin = await loginAs(withProm.app, ROOT.accessKey, ROOT.secretKey);
    const res = await callAs(withProm.app, admin, 'GET', '/admin/info');
    expect(res.statusCode).toBe(200);
    expect(res.json().metricsSource).toBe('prometheus');
    const widget = async (id: number) => {
      const one = await callAs(withProm.app, admin, 'GET', `/admin/info/widgets/${id}`);
      expect(one.statusCode).toBe(200);
      return one.json() as WidgetBody;
    };
    // That Prometheus scrapes the first store (4 drives online).
    expect(lastValue(await widget(2))).toBe(4);
    expect(lastValue(await widget(10))).toBe(1);

    await prom.close();
    expect(lastValue(await widget(2))).toBe(4);
  });
});
