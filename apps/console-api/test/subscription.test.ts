import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callAs, type Harness, type LoggedIn, loginAs, ROOT, startHarness } from './harness.js';

// GET /subscription/info (spec 002 §2.8): answered locally, against a real store.

let h: Harness;
let root: LoggedIn;

beforeAll(async () => {
  h = await startHarness();
  root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
});
afterAll(() => h?.close());

describe('subscription info', () => {
  test('without a commercial licence the answer is "no subscription"', async () => {
    const res = await callAs(h.app, root, 'GET', '/subscription/info');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });

  test('needs a session', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/subscription/info' });
    expect(res.statusCode).toBe(401);
  });
});
