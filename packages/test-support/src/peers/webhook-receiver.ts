import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real HTTP endpoint on 127.0.0.1 that records what webhooks POST to it. `failNext`
// makes it answer 503 to that many requests first, to exercise retries.

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface WebhookReceiver {
  url: string;
  received: Received[];
  failNext(n: number): void;
  /** Resolves once some received entry satisfies `match`. */
  waitFor(match: (r: Received) => boolean, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = [];
  let failures = 0;
  const waiters = new Set<() => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (failures > 0) {
        failures -= 1;
        res.writeHead(503).end();
        return;
      }
      // HEAD and other bodiless requests are reachability checks: answered, not recorded.
      const text = Buffer.concat(chunks).toString('utf8');
      if (text === '') {
        res.writeHead(200).end();
        return;
      }
      received.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(text) });
      for (const w of waiters) w();
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failNext(n) {
      failures = n;
    },
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = received.find(match);
          if (!hit) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching webhook entry among ${received.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
