import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { orStop, startPeer, waitUntil } from './peer-process.js';

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
  // Port 0: the OS picks the port and Prometheus logs the address it listens on.
  const peer = startPeer(PROMETHEUS, [
    `--config.file=${join(dir, 'prometheus.yml')}`,
    `--storage.tsdb.path=${join(dir, 'data')}`,
    '--web.listen-address=127.0.0.1:0',
  ]);
  const [, port] = await orStop(peer, peer.line(/msg="Listening on" address=127\.0\.0\.1:(\d+)/));
  const url = `http://127.0.0.1:${port}`;
  await orStop(
    peer,
    waitUntil(peer, async () => {
      if (!(await fetch(`${url}/-/ready`)).ok) throw new Error('prometheus is not ready yet');
    }),
  );
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
      await peer.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
