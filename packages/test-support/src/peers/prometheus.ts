import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

// A real Prometheus (Debian's package) scraping one target every second, on 127.0.0.1.

export interface PrometheusServer {
  url: string;
  /** Instant query; the result vector. */
  query(promql: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]>;
  close(): Promise<void>;
}

export const PROMETHEUS = '/usr/bin/prometheus';

export async function startPrometheus(target: {
  host: string;
  path: string;
  bearer: string;
}): Promise<PrometheusServer> {
  const dir = await mkdtemp(join(tmpdir(), 'stowage-prometheus-'));
  const port = await freePort();
  const config = `global:
  scrape_interval: 1s
scrape_configs:
  - job_name: stowage
    metrics_path: ${target.path}
    authorization:
      credentials: ${target.bearer}
    static_configs:
      - targets: ['${target.host}']
`;
  await writeFile(join(dir, 'prometheus.yml'), config);
  const child: ChildProcess = spawn(
    PROMETHEUS,
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const ready = await fetch(`${url}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (i > 200) throw new Error('prometheus did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async query(promql) {
      const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(promql)}`);
      const body = (await res.json()) as {
        data: { result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      return body.data.result;
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null)
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      await rm(dir, { recursive: true, force: true });
    },
  };
}
