import { describe, expect, it } from 'vitest';
import { OutboundPolicy } from '../net/outbound.js';
import { LogTargets, webhookSettings } from './log-targets.js';
import { messageLogger, silentLogger } from './logger.js';

// Stored targets carry enable=on: set-config-kv implies it (config/kv.ts).
describe('webhookSettings', () => {
  it('names the enabled targets with an endpoint, default first', () => {
    const config = {
      audit_webhook: {
        _: { enable: 'on', endpoint: 'http://127.0.0.1:1/a', auth_token: 't' },
        second: { enable: 'on', endpoint: 'http://127.0.0.1:1/b', queue_size: '5' },
        off: { endpoint: 'http://127.0.0.1:1/c', enable: 'off' },
        empty: { auth_token: 'x', enable: 'off' },
      },
    };
    const got = webhookSettings(config, 'audit');
    expect([...got.keys()]).toEqual(['_', 'second']);
    expect(got.get('_')).toEqual({ endpoint: 'http://127.0.0.1:1/a', authToken: 't', queueSize: 100000 });
    expect(got.get('second')?.queueSize).toBe(5);
    expect(webhookSettings(config, 'logger').size).toBe(0);
  });
});

describe('LogTargets', () => {
  it('starts, keeps, restarts and stops targets as the configuration changes', () => {
    const targets = new LogTargets(silentLogger, OutboundPolicy.OPEN);
    targets.apply({ logger_webhook: { _: { enable: 'on', endpoint: 'http://127.0.0.1:9/a' } } });
    expect(targets.active('logger')).toBe(true);
    expect(targets.active('audit')).toBe(false);
    expect(targets.status('logger')).toEqual([{ _: { status: 'offline' } }]);

    targets.apply({
      logger_webhook: { _: { enable: 'on', endpoint: 'http://127.0.0.1:9/a' } },
      audit_webhook: { x: { enable: 'on', endpoint: 'http://127.0.0.1:9/b' } },
    });
    expect(targets.status('audit')).toEqual([{ x: { status: 'offline' } }]);

    targets.apply({ audit_webhook: { x: { endpoint: 'http://127.0.0.1:9/b', enable: 'off' } } });
    expect(targets.active('logger')).toBe(false);
    expect(targets.active('audit')).toBe(false);
    targets.close();
  });

  it('reports a target whose client certificate cannot be read, and does not start it', () => {
    const lines: string[] = [];
    const targets = new LogTargets(
      messageLogger((l) => lines.push(l)),
      OutboundPolicy.OPEN,
    );
    targets.apply({
      audit_webhook: {
        _: {
          enable: 'on',
          endpoint: 'https://127.0.0.1:9/a',
          client_cert: '/nonexistent/c.pem',
          client_key: '/nonexistent/k.pem',
        },
      },
    });
    expect(targets.active('audit')).toBe(false);
    expect(lines[0]).toMatch(/^audit_webhook:_: not started: ENOENT/);
  });
});
