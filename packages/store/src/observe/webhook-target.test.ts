import { startWebhookReceiver, type WebhookReceiver } from '@stowage/test-support/peers/webhook-receiver';
import { until } from '@stowage/test-support/wait';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundPolicy } from '../net/outbound.js';
import { messageLogger, silentLogger } from './logger.js';
import { authorizationHeader, WebhookTarget } from './webhook-target.js';

let hook: WebhookReceiver;
beforeAll(async () => {
  hook = await startWebhookReceiver();
});
afterAll(() => hook.close());

// until(): the receiver records an entry before the sender hears back.

const settings = (path: string, queueSize = 100) => ({
  endpoint: `${hook.url}${path}`,
  authToken: '',
  queueSize,
});

describe('WebhookTarget', () => {
  it('keeps entries in order through failed deliveries, and reports itself online again', async () => {
    const lines: string[] = [];
    const target = new WebhookTarget(
      'audit_webhook:t',
      settings('/order'),
      messageLogger((l) => lines.push(l)),
      OutboundPolicy.OPEN,
    );
    hook.failNext(3);
    for (let i = 0; i < 5; i++) target.send({ n: i });
    await hook.waitFor((r) => r.path === '/order' && (r.body as { n: number }).n === 4);
    const got = hook.received.filter((r) => r.path === '/order').map((r) => (r.body as { n: number }).n);
    expect(got).toEqual([0, 1, 2, 3, 4]);
    await until(() => target.sent === 5);
    expect(target.status).toBe('online');
    expect(target.sent).toBe(5);
    // One line per outage, not one per retry.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/audit_webhook:t: delivery failed: .* answered 503/);
    target.close();
  });

  it('drops what does not fit in the queue, and counts it', async () => {
    const target = new WebhookTarget('small', settings('/small', 2), silentLogger, OutboundPolicy.OPEN);
    hook.failNext(1_000_000);
    const accepted = [1, 2, 3, 4].map((n) => target.send({ n }));
    // The first is being sent (still queued); the second fits; the rest do not.
    expect(accepted).toEqual([true, true, false, false]);
    expect(target.dropped).toBe(2);
    target.close();
    hook.failNext(0);
    expect(target.send({ n: 5 })).toBe(false);
  });

  it('is online before any delivery when the endpoint accepts connections, offline when not', async () => {
    const live = new WebhookTarget('live', settings('/probe'), silentLogger, OutboundPolicy.OPEN);
    const dead = new WebhookTarget(
      'dead',
      { endpoint: 'http://127.0.0.1:9/x', authToken: '', queueSize: 10 },
      silentLogger,
      OutboundPolicy.OPEN,
    );
    await until(() => live.status === 'online');
    expect(live.status).toBe('online');
    expect(live.sent).toBe(0);
    dead.send({});
    await new Promise((r) => setTimeout(r, 100));
    expect(dead.status).toBe('offline');
    expect(dead.sent).toBe(0);
    live.close();
    dead.close();
  });
});

describe('authorizationHeader', () => {
  it('sends a bare token as a bearer token, and a typed one as it is', () => {
    expect(authorizationHeader('')).toBeUndefined();
    expect(authorizationHeader('abc')).toBe('Bearer abc');
    expect(authorizationHeader('Basic dXNlcjpwYXNz')).toBe('Basic dXNlcjpwYXNz');
  });
});
