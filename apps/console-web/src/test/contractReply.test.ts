import { routes } from '@stowage/contract/route-index';
import { describe, expect, it } from 'vitest';
import { contractProblem, routeFor } from './contractReply.js';
import { answer, mockApi, takeContractProblems } from './fetchMock.js';
import { bucket } from './fixtures.js';

describe('mock replies are checked against the contract', () => {
  it('finds the route a key names, a literal segment before a parameter', () => {
    expect(routeFor('GET', '/api/v1/buckets')?.id).toBe('listBuckets');
    expect(routeFor('GET', '/api/v1/admin/info/widgets/10')?.id).toBe('getWidget');
    expect(routeFor('GET', '/api/v1/no/such/thing')).toBeUndefined();
  });

  it('a fixed fixture that drifts fails at registration with the schema error', () => {
    expect(() => mockApi({ 'GET /api/v1/buckets': { body: { buckets: [{ name: 7 }] } } })).toThrow(
      /listBuckets 200 fixture breaks the contract: .*\/buckets\/0/,
    );
    expect(() => mockApi({ 'GET /api/v1/nope': { body: {} } })).toThrow(/not a route of the contract/);
    expect(() => mockApi({ 'GET /api/v1/buckets': { status: 418, body: {} } })).toThrow(/declares no 418/);
  });

  it('a fixture that fits passes, errors included', () => {
    expect(() =>
      mockApi({
        'GET /api/v1/buckets': { body: { buckets: [bucket('a')], total: 1 } },
        'GET /api/v1/session': { status: 401, body: { message: 'no', detailedMessage: '' } },
      }),
    ).not.toThrow();
  });

  it('a computed reply that drifts is reported for the test to fail', async () => {
    mockApi({ 'GET /api/v1/buckets': () => ({ body: { buckets: 'none' } }) });
    await fetch('/api/v1/buckets');
    expect(takeContractProblems()).toEqual([
      expect.stringMatching(/^GET \/api\/v1\/buckets: listBuckets 200/),
    ]);
  });

  it('answer() builds a typed entry from the route', () => {
    expect(
      answer(
        routes.getWidget,
        { id: 1, title: 'Uptime', type: 'singleValue', unit: 'seconds', series: [] },
        { widgetId: '1' },
      )[0],
    ).toBe('GET /api/v1/admin/info/widgets/1');
    expect(contractProblem('GET', '/not-the-api/x', 200, 'anything')).toBeUndefined();
  });
});
