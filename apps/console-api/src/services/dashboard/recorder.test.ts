import { describe, expect, test } from 'vitest';
import { parseExposition } from './exposition.js';
import { MetricsRecorder } from './recorder.js';
import { promql, WIDGETS } from './widgets.js';

const creds = { accessKey: 'k', secretKey: 's' };

/** A recorder whose scrapes answer the texts given, one per scrape, at the times given. */
function recorderOf(scrapes: { t: number; text: string }[]) {
  let i = 0;
  let now = 0;
  const recorder = new MetricsRecorder({
    serverUrl: 'http://store.invalid',
    now: () => now,
    fetch: (async () => new Response(scrapes[i++]?.text ?? '', { status: 200 })) as typeof fetch,
  });
  return {
    recorder,
    async run() {
      for (const s of scrapes) {
        now = s.t * 1000;
        await recorder.scrape(creds);
      }
    },
  };
}

describe('exposition', () => {
  test('reads names, escaped labels and values; skips comments and other metrics', () => {
    const text = [
      '# HELP minio_s3_requests_total Total number S3 requests',
      '# TYPE minio_s3_requests_total counter',
      'minio_s3_requests_total{api="PutObject",server="a:9000"} 12',
      'minio_s3_requests_total{api="Get\\"Obj\\\\ect",server="a:9000"} 3 1700000000000',
      'minio_node_process_uptime_seconds 42.5',
      'garbage line',
      'other_metric{x="1"} 7',
    ].join('\n');
    expect(
      parseExposition(text, new Set(['minio_s3_requests_total', 'minio_node_process_uptime_seconds'])),
    ).toEqual([
      { name: 'minio_s3_requests_total', labels: { api: 'PutObject', server: 'a:9000' }, value: 12 },
      { name: 'minio_s3_requests_total', labels: { api: 'Get"Obj\\ect', server: 'a:9000' }, value: 3 },
      { name: 'minio_node_process_uptime_seconds', labels: {}, value: 42.5 },
    ]);
  });
});

describe('recorder', () => {
  const requests = (put: number, get: number) =>
    `minio_s3_requests_total{api="PutObject"} ${put}\nminio_s3_requests_total{api="GetObject"} ${get}\n`;
  const rate = { metric: 'minio_s3_requests_total', agg: 'sum', by: 'api', rate: true, legend: '' } as const;
  const total = { metric: 'minio_s3_requests_total', agg: 'sum', legend: 'All' } as const;

  test('sums series, groups by a label and computes counter rates over the lookback', async () => {
    const { recorder, run } = recorderOf([
      { t: 1000, text: requests(0, 0) },
      { t: 1015, text: requests(30, 15) },
      { t: 1030, text: requests(60, 15) },
    ]);
    await run();
    expect(recorder.instant(total, 1030)).toEqual(new Map([['All', [[1030, 75]]]]));
    // At 1030 the lookback reaches the first scrape: 60 PUTs and 15 GETs in 30 s.
    expect(recorder.instant(rate, 1030)).toEqual(
      new Map([
        ['PutObject', [[1030, 2]]],
        ['GetObject', [[1030, 0.5]]],
      ]),
    );
    // A range: no rate before two scrapes exist; the points are on the step grid.
    const series = recorder.range(rate, 1000, 1030, 15);
    expect(series.get('PutObject')).toEqual([
      [1015, 2],
      [1030, 2],
    ]);
  });

  test('a counter that went down was reset; values older than the lookback are not shown', async () => {
    const { recorder, run } = recorderOf([
      { t: 1000, text: requests(100, 0) },
      { t: 1010, text: requests(20, 0) },
    ]);
    await run();
    expect(recorder.instant(rate, 1010).get('PutObject')).toEqual([[1010, 2]]);
    expect(recorder.instant(total, 1010 + 301).size).toBe(0);
    expect(recorder.instant(total, 999).size).toBe(0);
  });

  test('a refused scrape fails with the status and records nothing', async () => {
    const recorder = new MetricsRecorder({
      serverUrl: 'http://store.invalid',
      fetch: (async () =>
        new Response('<Error><Code>AccessDenied</Code></Error>', { status: 403 })) as typeof fetch,
    });
    await expect(recorder.scrape(creds)).rejects.toMatchObject({ status: 403 });
    expect(recorder.instant(total, Date.now() / 1000).size).toBe(0);
  });
});

describe('widgets', () => {
  test('thirty panels with unique ids, and PromQL for each target', () => {
    expect(WIDGETS).toHaveLength(30);
    expect(new Set(WIDGETS.map((w) => w.id)).size).toBe(30);
    expect(promql(rateOf('minio_s3_requests_total'), 'minio-job', 300)).toBe(
      'sum by (api) (rate(minio_s3_requests_total{job="minio-job"}[300s]))',
    );
  });
});

function rateOf(metric: string) {
  return { metric, agg: 'sum', by: 'api', rate: true, legend: '' } as const;
}
