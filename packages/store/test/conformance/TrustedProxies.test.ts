import { assumeRole, MadminClient } from '@stowage/madmin';
import {
  ROOT,
  signedRequest,
  startTestStore,
  type TestStore,
  xmlCode,
} from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { code } from '../support/outcome.js';

// A proxy in front of the store (the console relays every browser's login) names the client in
// X-Forwarded-For. The store believes it only from the proxies it is told to trust: then failed
// logins count per client, not all against the proxy, and aws:SourceIp is the client's.

const FAILURES_PER_ADDRESS = 4;

async function storeWith(trust: { trustedProxies?: string[]; relayToken?: string } = {}): Promise<TestStore> {
  const t = await startTestStore({
    identity: {
      throttle: { failuresPerName: 100, failuresPerAddress: FAILURES_PER_ADDRESS, backoffMs: 10 * 60_000 },
    },
    ...trust,
  });
  const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  for (const user of ['carol', 'dave']) {
    await admin.users.add(user, `${user}-secret-key`);
    await admin.policies.set(['readonly'], user, false);
  }
  return t;
}

const loginFrom = (
  t: TestStore,
  client: string,
  accessKey: string,
  secretKey: string,
  relay: Record<string, string> = {},
) =>
  code(
    assumeRole({
      endpoint: t.store.url,
      credentials: { accessKey, secretKey },
      relayHeaders: { 'x-forwarded-for': client, ...relay },
    }),
  );

describe('a store that trusts no proxy (the default)', () => {
  let t: TestStore;
  beforeAll(async () => {
    t = await storeWith();
  }, 60_000);
  afterAll(async () => t?.close());

  it('counts every failure against the connection, whatever X-Forwarded-For claims', async () => {
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++)
      expect(await loginFrom(t, `198.51.100.${i}`, 'carol', 'wrong-secret')).toBe(
        '403 SignatureDoesNotMatch',
      );
    expect(await loginFrom(t, '198.51.100.99', 'dave', 'dave-secret-key')).toBe('503 SlowDown');
  });
});

describe('a store that trusts its console', () => {
  let t: TestStore;
  beforeAll(async () => {
    t = await storeWith({ trustedProxies: ['127.0.0.1', '::1'] });
  }, 60_000);
  afterAll(async () => t?.close());

  it("counts failures per forwarded client: one client's guesses do not hold back another", async () => {
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++)
      expect(await loginFrom(t, '198.51.100.1', 'carol', 'wrong-secret')).toBe('403 SignatureDoesNotMatch');
    expect(await loginFrom(t, '198.51.100.1', 'dave', 'dave-secret-key')).toBe('503 SlowDown');
    expect(await loginFrom(t, '198.51.100.2', 'dave', 'dave-secret-key')).toBe('resolved');
    expect(t.logs.join('\n')).toContain('from 198.51.100.1');
  });

  it('aws:SourceIp is the forwarded client', async () => {
    const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
    await admin.policies.add('from-office', {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: ['s3:ListBucket'],
          Resource: ['arn:aws:s3:::office'],
          Condition: { IpAddress: { 'aws:SourceIp': ['192.0.2.0/24'] } },
        },
      ],
    });
    await admin.users.add('erin', 'erin-secret-key');
    await admin.policies.set(['from-office'], 'erin', false);
    await t.minio.makeBucket('office');
    const list = (client: string) =>
      signedRequest(t.store.port, {
        method: 'GET',
        path: '/office?list-type=2',
        creds: { accessKey: 'erin', secretKey: 'erin-secret-key' },
        headers: { 'x-forwarded-for': client },
      });
    expect((await list('192.0.2.10')).status).toBe(200);
    const outside = await list('203.0.113.10');
    expect(outside.status).toBe(403);
    expect(xmlCode(outside.body)).toBe('AccessDenied');
  });
});

describe('a store that believes its own console by the relay token (stowage start)', () => {
  const TOKEN = 'the-relay-token-of-this-run';
  let t: TestStore;
  beforeAll(async () => {
    t = await storeWith({ relayToken: TOKEN });
  }, 60_000);
  afterAll(async () => t?.close());

  it("counts the console's relayed logins per browser, and a local proxy's passed-through header not at all", async () => {
    const relay = { 'x-stowage-relay': TOKEN };
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++)
      expect(await loginFrom(t, '198.51.100.1', 'carol', 'wrong-secret', relay)).toBe(
        '403 SignatureDoesNotMatch',
      );
    expect(await loginFrom(t, '198.51.100.1', 'dave', 'dave-secret-key', relay)).toBe('503 SlowDown');
    expect(await loginFrom(t, '198.51.100.2', 'dave', 'dave-secret-key', relay)).toBe('resolved');
    // A client behind a proxy on this machine that passes its header through unchanged claims
    // loopback: without the token it is counted against the connection, as any client is.
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++)
      await loginFrom(t, '127.0.0.1', 'carol', 'wrong-secret', { 'x-stowage-relay': 'guessed' });
    expect(await loginFrom(t, '198.51.100.3', 'dave', 'dave-secret-key')).toBe('503 SlowDown');
  });

  it('keeps the relay token out of traces', async () => {
    const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
    const ctl = new AbortController();
    const seen: unknown[] = [];
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const tracing = (async () => {
      for await (const trace of admin.trace({ signal: ctl.signal, onOpen: opened })) {
        seen.push(trace);
        if (JSON.stringify(trace).includes('sts.AssumeRole')) break;
      }
    })().catch(() => {});
    await Promise.race([open, tracing]);
    await loginFrom(t, '198.51.100.9', 'carol', 'carol-secret-key', { 'x-stowage-relay': TOKEN });
    await tracing;
    ctl.abort();
    const text = JSON.stringify(seen);
    expect(text).toContain('sts.AssumeRole');
    expect(text).not.toContain(TOKEN);
    expect(text).toContain('198.51.100.9');
  });
});
