import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A pass-through HTTP proxy in front of a tier (a bucket on a second store) that a test can
// take down, hold reads of tiered data at until it lets them go (a restore then stays
// "ongoing" as long as the test looks), or act on between the tier's answer to a data PUT and
// the hot store hearing it (a kill -9 there). No timing is involved in any of it.

export interface TierGate {
  url: string;
  /** While set, every connection is cut at once, as a tier that is down. */
  down: boolean;
  /** Requests cut while down, by method. */
  cut: Record<string, number>;
  /**
   * Called when the tier has answered a PUT of tiered data, before the hot store hears it;
   * true keeps the answer from the hot store.
   */
  onTierPut: (() => boolean) | undefined;
  /** Called when the hot store reads tiered data; true leaves the read hanging. */
  onTierRead: (() => boolean) | undefined;
  /** From now on, reads of tiered data wait until release(). */
  hold(): void;
  /** Lets every held read through, and stops holding. */
  release(): void;
  /** Reads waiting now. */
  readonly waiting: number;
  close(): Promise<void>;
}

/** A gate to `coldUrl`; tiered data is what lies under `dataPath` (the tier's bucket and prefix). */
export async function tierGate(coldUrl: string, dataPath = '/archive/tier/'): Promise<TierGate> {
  const cold = new URL(coldUrl);
  const held: Array<() => void> = [];
  let holding = false;
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const out = request(
      { host: cold.hostname, port: cold.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const dataPut = req.method === 'PUT' && req.url?.startsWith(dataPath) && answer.statusCode === 200;
        if (dataPut && gate.onTierPut?.()) {
          answer.resume();
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  };
  const server = createServer((req, res) => {
    if (gate.down) {
      gate.cut[req.method ?? ''] = (gate.cut[req.method ?? ''] ?? 0) + 1;
      req.socket.destroy();
      return;
    }
    const dataRead = req.method === 'GET' && req.url?.startsWith(dataPath);
    if (dataRead && holding) held.push(() => forward(req, res));
    else if (dataRead && gate.onTierRead?.()) return;
    else forward(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const gate: TierGate = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    down: false,
    cut: {},
    onTierPut: undefined,
    onTierRead: undefined,
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
  return gate;
}
