import type { NodeResources } from '@stowage/sizing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Session } from '../src/session/store.js';
import { callAs, type Harness, type LoggedIn, loginAs, ROOT, startHarness } from './harness.js';

// GET /get-parity/{nodes}/{disksPerNode} and GET /cluster/max-allocatable-memory (spec 002 §7,
// operator.md §4.1, §4.3) through the console's HTTP layer, with the nodes of a cluster given as
// data (the Kubernetes client's listNode() items have this shape).

const GI = 2 ** 30;
const node = (memory: string, effect?: string): NodeResources => ({
  spec: effect ? { taints: [{ key: 'dedicated', effect }] } : {},
  status: { allocatable: { cpu: '8', memory } },
});

let h: Harness;
let root: LoggedIn;
const listedFor: Session[] = [];

beforeAll(async () => {
  const nodes = [
    node('16Gi'),
    node('32Gi'),
    node('8Gi'),
    node('64Gi'),
    node('128Gi', 'NoSchedule'),
    node('4Gi'),
  ];
  h = await startHarness(
    {},
    {},
    {
      listNodes: async (session) => {
        listedFor.push(session);
        return nodes;
      },
    },
  );
  root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
});
afterAll(() => h?.close());

describe('get-parity', () => {
  test('lists the parities of nodes × drives', async () => {
    const res = await callAs(h.app, root, 'GET', '/get-parity/4/10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(['EC:4', 'EC:3', 'EC:2']);
  });

  test('answers 500 in the console’s error format when the drives cannot form sets', async () => {
    const res = await callAs(h.app, root, 'GET', '/get-parity/0/4');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Incorrect range start 1 cannot be bigger than end 0',
      detailedMessage: 'Incorrect range start 1 cannot be bigger than end 0',
    });
  });

  test('refuses counts that are not integers with 400', async () => {
    const res = await callAs(h.app, root, 'GET', '/get-parity/four/4');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('invalid request');
  });

  test('needs a session', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/get-parity/4/4' });
    expect(res.statusCode).toBe(401);
  });
});

describe('max-allocatable-memory', () => {
  test('answers the N-th largest memory of the nodes that take pods, listed for the caller', async () => {
    const res = await callAs(h.app, root, 'GET', '/cluster/max-allocatable-memory?num_nodes=4');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ max_memory: 8 * GI });
    expect(listedFor.at(-1)?.accountAccessKey).toBe(ROOT.accessKey);
  });

  test('answers 507 with the spec’s reasons', async () => {
    const few = await callAs(h.app, root, 'GET', '/cluster/max-allocatable-memory?num_nodes=3');
    expect(few.statusCode).toBe(507);
    expect(few.json().message).toBe('at least 4 nodes are required for a tenant');
    const many = await callAs(h.app, root, 'GET', '/cluster/max-allocatable-memory?num_nodes=7');
    expect(many.statusCode).toBe(507);
    expect(many.json().message).toBe('there are not enough nodes in the cluster to support this tenant');
  });

  test('refuses a missing or non-numeric num_nodes with 400', async () => {
    expect((await callAs(h.app, root, 'GET', '/cluster/max-allocatable-memory')).statusCode).toBe(400);
    expect((await callAs(h.app, root, 'GET', '/cluster/max-allocatable-memory?num_nodes=x')).statusCode).toBe(
      400,
    );
  });
});

describe('without a cluster', () => {
  test('max-allocatable-memory is not served', async () => {
    const plain = await startHarness();
    try {
      const login = await loginAs(plain.app, ROOT.accessKey, ROOT.secretKey);
      const res = await callAs(plain.app, login, 'GET', '/cluster/max-allocatable-memory?num_nodes=4');
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
