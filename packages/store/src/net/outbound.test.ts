import { once } from 'node:events';
import { connect, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundPolicy, OutboundRefused } from './outbound.js';

// The allow-list of outbound connections, with real name resolution (`localhost`, from the
// machine's own hosts file) and real sockets to a listener on 127.0.0.1.

let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((s) => s.end());
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'allowed',
    (err: Error) => (err instanceof OutboundRefused ? err.message : `other: ${err.message}`),
  );

describe('OutboundPolicy', () => {
  it('is open without a list, and refuses malformed entries, naming them', async () => {
    expect(OutboundPolicy.parse(undefined).restricted).toBe(false);
    expect(OutboundPolicy.parse('  ').restricted).toBe(false);
    expect(await refusal(OutboundPolicy.OPEN.check('169.254.169.254', 80))).toBe('allowed');
    for (const bad of ['hooks!', '10.0.0.0/33', 'fd00::/129', 'host:0', 'host:70000', '10.0.0.1:http'])
      expect(() => OutboundPolicy.parse(bad), bad).toThrow(/STOWAGE_OUTBOUND_ALLOW/);
  });

  it('allows addresses, ranges and names as listed, with their ports', async () => {
    const policy = OutboundPolicy.parse(
      '10.0.0.0/8, 192.168.1.5:9000, hooks.example.com:8080, *.internal.test, [fd00::/8]:443, 2001:db8::1',
    );
    const verdict = (host: string, p: number) => refusal(policy.check(host, p));
    expect(await verdict('10.1.2.3', 80)).toBe('allowed');
    expect(await verdict('::ffff:10.1.2.3', 80)).toBe('allowed');
    expect(await verdict('192.168.1.5', 9000)).toBe('allowed');
    expect(await verdict('192.168.1.5', 9001)).toBe(
      '192.168.1.5:9001 is not allowed by STOWAGE_OUTBOUND_ALLOW',
    );
    expect(await verdict('169.254.169.254', 80)).toBe(
      '169.254.169.254:80 is not allowed by STOWAGE_OUTBOUND_ALLOW',
    );
    expect(await verdict('[fd00::5]', 443)).toBe('allowed');
    expect(await verdict('fd00::5', 80)).toBe('[fd00::5]:80 is not allowed by STOWAGE_OUTBOUND_ALLOW');
    expect(await verdict('2001:db8::1', 22)).toBe('allowed');
    // Names the list names are not resolved: their operator vouches for them.
    expect(await verdict('hooks.example.com', 8080)).toBe('allowed');
    expect(await verdict('HOOKS.example.com.', 8080)).toBe('allowed');
    expect(await verdict('a.b.internal.test', 1)).toBe('allowed');
    expect(await verdict('internal.test', 1)).toMatch(/^internal\.test is not allowed .* cannot be resolved/);
    expect(await verdict('/var/run/docker.sock', 0)).toBe(
      'the Unix socket /var/run/docker.sock cannot be allowed by STOWAGE_OUTBOUND_ALLOW',
    );
  });

  it('resolves other names and allows them only when every address is allowed', async () => {
    expect(await refusal(OutboundPolicy.parse('127.0.0.0/8, ::1').check('localhost', port))).toBe('allowed');
    expect(await refusal(OutboundPolicy.parse('10.0.0.0/8').check('localhost', port))).toBe(
      `localhost resolves to 127.0.0.1, which STOWAGE_OUTBOUND_ALLOW does not allow (port ${port})`,
    );
  });

  it('checks again when connecting: the lookup a socket uses refuses what the list does not allow', async () => {
    const dial = (policy: OutboundPolicy, host: string) =>
      new Promise<string>((resolve) => {
        let options: ReturnType<OutboundPolicy['dialOptions']>;
        try {
          options = policy.dialOptions(host, port);
        } catch (err) {
          resolve((err as Error).message);
          return;
        }
        const socket = connect({ host, port, ...options });
        socket.once('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', (err) => resolve(err.message));
      });
    expect(await dial(OutboundPolicy.parse('127.0.0.1'), 'localhost')).toBe('connected');
    expect(await dial(OutboundPolicy.OPEN, 'localhost')).toBe('connected');
    expect(await dial(OutboundPolicy.parse('localhost'), 'localhost')).toBe('connected');
    expect(await dial(OutboundPolicy.parse('10.0.0.0/8'), 'localhost')).toBe(
      `localhost resolves to 127.0.0.1, which STOWAGE_OUTBOUND_ALLOW does not allow (port ${port})`,
    );
    expect(await dial(OutboundPolicy.parse('10.0.0.0/8'), '127.0.0.1')).toBe(
      `127.0.0.1:${port} is not allowed by STOWAGE_OUTBOUND_ALLOW`,
    );
    expect(await refusal(OutboundPolicy.parse('127.0.0.1').pin('localhost', port))).toBe('allowed');
    expect(await OutboundPolicy.parse('127.0.0.1').pin('localhost', port)).toBe('127.0.0.1');
  });
});
