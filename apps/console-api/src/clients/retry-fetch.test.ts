import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { retryReadsOnce } from './retry-fetch.js';

let close: (() => void) | undefined;
afterEach(() => close?.());

/** A server that drops the first `drops` requests' sockets without answering. */
async function flakyServer(drops: number) {
  let seen = 0;
  const server = createServer((req, res) => {
    seen += 1;
    if (seen <= drops) {
      req.socket.destroy();
      return;
    }
    res.end(`ok ${req.method}`);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  close = () => server.close();
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, seen: () => seen };
}

describe('retryReadsOnce', () => {
  it('sends a read again on a new socket when the first one was reset', async () => {
    const server = await flakyServer(1);
    const res = await retryReadsOnce()(server.url);
    expect(await res.text()).toBe('ok GET');
    expect(server.seen()).toBe(2);
  });

  it('never repeats a write, and gives up after one retry', async () => {
    const writes = await flakyServer(1);
    await expect(retryReadsOnce()(writes.url, { method: 'PUT', body: 'x' })).rejects.toThrow(TypeError);
    expect(writes.seen()).toBe(1);
    close?.();
    const reads = await flakyServer(5);
    await expect(retryReadsOnce()(reads.url)).rejects.toThrow(TypeError);
    expect(reads.seen()).toBe(2);
  });
});
