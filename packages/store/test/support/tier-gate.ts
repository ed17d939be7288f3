import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A pass-through HTTP proxy in front of a tier that can hold reads of tiered data (GETs under
// the tier's bucket) until the test lets them go: a restore then stays "ongoing" for as long
// as the test needs to look at it, with no timing involved.

export interface TierGate {
  url: string;
  /** From now on, GETs of `/<bucket>/...` wait until release(). */
  hold(): void;
  /** Lets every held read through, and stops holding. */
  release(): void;
  /** Reads waiting now. */
  readonly waiting: number;
  close(): Promise<void>;
}

export async function startTierGate(target: string, bucket: string): Promise<TierGate> {
  const to = new URL(target);
  const held: Array<() => void> = [];
  let holding = false;
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const out = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  };
  const server = createServer((req, res) => {
    if (holding && req.method === 'GET' && req.url?.startsWith(`/${bucket}/`))
      held.push(() => forward(req, res));
    else forward(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const go of held.splice(0)) go();
    },
    get waiting() {
      return held.length;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
