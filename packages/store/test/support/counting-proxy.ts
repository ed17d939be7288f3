import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a server that counts the bytes sent to it: what a replication
 * target really received (a metadata-only re-send carries no object data).
 */
export interface CountingProxy {
  /** host:port to dial instead of the server's. */
  host: string;
  /** Bytes the clients sent through so far. */
  received(): number;
  /** While down, every connection is dropped at once (the target seems gone). */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

export async function countingProxy(target: { host: string; port: number }): Promise<CountingProxy> {
  let received = 0;
  let down = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  return {
    host: `127.0.0.1:${address.port}`,
    received: () => received,
    setDown: (d) => {
      down = d;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
