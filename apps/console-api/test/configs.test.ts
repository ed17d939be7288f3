import { MadminClient, parseConfigText } from '@stowage/madmin';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callAs, type Harness, type LoggedIn, loginAs, ROOT, startHarness } from './harness.js';

// Configuration sub-systems and the restart, through the console API, against a real store.

let h: Harness;
let root: LoggedIn;
const call = (who: LoggedIn, method: InjectOptions['method'], url: string, payload?: unknown) =>
  callAs(h.app, who, method, url, payload);
/** What the server really stored, read with a real admin client as root. */
async function stored(configId: string): Promise<Record<string, string>> {
  const admin = new MadminClient({ endpoint: h.storeUrl, credentials: ROOT });
  const [line] = parseConfigText(await admin.config.getKV(configId));
  return Object.fromEntries((line?.kvs ?? []).map((kv) => [kv.key, kv.value]));
}

beforeAll(async () => {
  h = await startHarness();
  root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
});
afterAll(() => h?.close());

describe('configuration', () => {
  test('reads and sets a single-target sub-system', async () => {
    const before = await call(root, 'GET', '/configs/region');
    expect(before.statusCode).toBe(200);
    expect(before.json().name).toBe('region');
    expect(before.json().key_values.map((kv: { key: string }) => kv.key)).toContain('name');

    const set = await call(root, 'PUT', '/configs/region', {
      key_values: [
        { key: 'name', value: 'eu-west-2' },
        { key: 'comment', value: 'moved to London' },
      ],
    });
    expect(set.statusCode).toBe(200);
    expect(typeof set.json().restart).toBe('boolean');
    const after = await call(root, 'GET', '/configs/region');
    expect(after.json().key_values).toEqual(
      expect.arrayContaining([
        { key: 'name', value: 'eu-west-2' },
        { key: 'comment', value: 'moved to London' },
      ]),
    );
  });

  test('secrets of a named target never reach the browser, and a blank one is kept', async () => {
    const set = await call(root, 'PUT', '/configs/audit_webhook:siem', {
      key_values: [
        { key: 'enable', value: 'off' },
        { key: 'endpoint', value: 'http://127.0.0.1:9/audit' },
        { key: 'auth_token', value: 'Bearer very-secret' },
      ],
    });
    expect(set.statusCode).toBe(200);
    const read = await call(root, 'GET', '/configs/audit_webhook:siem');
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('very-secret');
    const kvs = read.json().key_values as { key: string; value: string; redacted?: boolean }[];
    expect(kvs.find((kv) => kv.key === 'auth_token')).toEqual({
      key: 'auth_token',
      value: '',
      redacted: true,
    });
    expect(kvs.find((kv) => kv.key === 'endpoint')?.value).toBe('http://127.0.0.1:9/audit');

    // Saving the form back as read keeps the token and changes the rest.
    const resave = await call(root, 'PUT', '/configs/audit_webhook:siem', {
      key_values: kvs.map(({ key, value }) => ({
        key,
        value: key === 'endpoint' ? 'http://127.0.0.1:9/v2' : value,
      })),
    });
    expect(resave.statusCode).toBe(200);
    expect(await stored('audit_webhook:siem')).toMatchObject({
      endpoint: 'http://127.0.0.1:9/v2',
      auth_token: 'Bearer very-secret',
    });
  });

  test('lists every target of a multi-target sub-system, secrets redacted', async () => {
    await call(root, 'PUT', '/configs/logger_webhook:ops', {
      key_values: [
        { key: 'enable', value: 'off' },
        { key: 'endpoint', value: 'http://127.0.0.1:9/ops' },
        { key: 'auth_token', value: 'Bearer list-secret' },
      ],
    });
    const list = await call(root, 'GET', '/configs/logger_webhook/targets');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('list-secret');
    const items = list.json().items as { name: string; key_values: { key: string; value: string }[] }[];
    // The default target is always there; the named one carries its `subsys:target` id.
    expect(items.map((i) => i.name)).toEqual(
      expect.arrayContaining(['logger_webhook', 'logger_webhook:ops']),
    );
    const ops = items.find((i) => i.name === 'logger_webhook:ops');
    expect(ops?.key_values.find((kv) => kv.key === 'endpoint')?.value).toBe('http://127.0.0.1:9/ops');
    expect((await call(root, 'GET', '/configs/Logger;rm/targets')).statusCode).toBe(400);
  });

  test('bad ids and values are refused with the reason; nothing is stored', async () => {
    const before = await stored('region');
    const quote = await call(root, 'PUT', '/configs/region', {
      key_values: [{ key: 'comment', value: 'say "hi"' }],
    });
    expect(quote.statusCode).toBe(400);
    expect(quote.json().detailedMessage).toMatch(/^body\/key_values\/0\/value/);
    expect((await call(root, 'GET', '/configs/Region;rm')).statusCode).toBe(400);
    expect((await call(root, 'PUT', '/configs/region', { key_values: [] })).statusCode).toBe(400);
    const unknown = await call(root, 'GET', '/configs/no_such_subsys');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detailedMessage).toBe('unknown sub-system no_such_subsys');
    expect(await stored('region')).toEqual(before);
  });

  test('a user without configuration rights is refused by the server', async () => {
    await call(root, 'POST', '/users', {
      accessKey: 'viewer',
      secretKey: 'viewer-secret',
      groups: [],
      policies: ['readonly'],
    });
    const viewer = await loginAs(h.app, 'viewer', 'viewer-secret');
    expect((await call(viewer, 'GET', '/configs/region')).statusCode).toBe(403);
    expect(
      (await call(viewer, 'PUT', '/configs/region', { key_values: [{ key: 'name', value: 'x' }] }))
        .statusCode,
    ).toBe(403);
    expect((await call(viewer, 'POST', '/service/restart')).statusCode).toBe(403);
    expect((await call(viewer, 'GET', '/configs/audit_webhook/targets')).statusCode).toBe(403);
  });

  test('restart: the server restarts, the call returns once it answers, and settings persist', async () => {
    const res = await call(root, 'POST', '/service/restart');
    expect(res.statusCode).toBe(204);
    const after = await call(root, 'GET', '/configs/region');
    expect(after.statusCode).toBe(200);
    expect(after.json().key_values).toContainEqual({ key: 'name', value: 'eu-west-2' });
  });
});
