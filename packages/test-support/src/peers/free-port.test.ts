import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { isPortTaken, onFreePort, onFreePorts } from './free-port.js';

const listen = (port: number): Promise<Server> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe('onFreePort', () => {
  test('a port taken between the choice and the bind is retried on another port', async () => {
    const tried: number[] = [];
    const server = await onFreePort(async (port) => {
      tried.push(port);
      // Something else takes the chosen port first, the first time: the race a retry absorbs.
      if (tried.length === 1) servers.push(await listen(port));
      const peer = await listen(port);
      servers.push(peer);
      return peer;
    });
    expect(tried).toHaveLength(2);
    expect(tried[1]).not.toBe(tried[0]);
    expect((server.address() as { port: number }).port).toBe(tried[1]);
  });

  test('other failures are not retried, and retries end after the attempts', async () => {
    let calls = 0;
    await expect(
      onFreePort(async () => {
        calls++;
        throw new Error('the peer is not installed');
      }),
    ).rejects.toThrow('not installed');
    expect(calls).toBe(1);
    calls = 0;
    await expect(
      onFreePorts(
        2,
        async () => {
          calls++;
          throw new Error('bind: Address already in use');
        },
        3,
      ),
    ).rejects.toThrow('in use');
    expect(calls).toBe(3);
  });

  test('the peers’ own words for a taken port are recognised', () => {
    for (const words of [
      'listen EADDRINUSE: address already in use 127.0.0.1:5432',
      'could not bind IPv4 address "127.0.0.1": Address already in use',
      'daemon: bind(7) failed errno=98 (Address already in use)',
      "Can't start server: Bind on TCP/IP port. Got error: 98: Address already in use",
      'BOOT FAILED ... {listen_error,eaddrinuse}',
    ])
      expect(isPortTaken(new Error(words))).toBe(true);
    expect(isPortTaken(new Error('connection refused'))).toBe(false);
  });
});
