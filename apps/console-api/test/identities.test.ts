import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callAs, type Harness, type LoggedIn, loginAs, ROOT, startHarness } from './harness.js';

// Users, groups and policies through the console API, against a real store: every call
// goes over the admin API with the session's own credentials.

let h: Harness;
let root: LoggedIn;
beforeAll(async () => {
  h = await startHarness();
  root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
});
afterAll(() => h?.close());

const call = (who: LoggedIn, method: InjectOptions['method'], url: string, payload?: unknown) =>
  callAs(h.app, who, method, url, payload);

describe('users', () => {
  test('create, read, list, update and delete a user', async () => {
    const created = await call(root, 'POST', '/users', {
      accessKey: 'alice',
      secretKey: 'alice-secret-1',
      groups: ['devs'],
      policies: ['readonly'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      accessKey: 'alice',
      status: 'enabled',
      memberOf: ['devs'],
      policy: ['readonly'],
      hasPolicy: true,
    });

    const again = await call(root, 'POST', '/users', {
      accessKey: 'alice',
      secretKey: 'another-1',
      groups: [],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('already exists');

    const list = await call(root, 'GET', '/users');
    expect(list.json()).toEqual({ users: [created.json()], total: 1 });

    const updated = await call(root, 'PUT', '/user?name=alice', { status: 'disabled', groups: ['ops'] });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ status: 'disabled', memberOf: ['ops'], policy: ['readonly'] });
    // The user left devs, so devs is now an empty group.
    expect((await call(root, 'GET', '/group?name=devs')).json().members).toEqual([]);

    expect((await call(root, 'DELETE', '/user?name=alice')).statusCode).toBe(204);
    const gone = await call(root, 'GET', '/user?name=alice');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detailedMessage).not.toBe('');
  });

  test('hasPolicy counts the policies of the groups a user is in', async () => {
    await call(root, 'POST', '/groups', { group: 'readers', members: [] });
    await call(root, 'PUT', '/set-policy', {
      name: ['readonly'],
      entityName: 'readers',
      entityType: 'group',
    });
    const bob = await call(root, 'POST', '/users', {
      accessKey: 'bob',
      secretKey: 'bob-secret-1',
      groups: ['readers'],
    });
    expect(bob.json()).toMatchObject({ policy: [], hasPolicy: true });
    const carol = await call(root, 'POST', '/users', {
      accessKey: 'carol',
      secretKey: 'carol-secret',
      groups: [],
    });
    expect(carol.json()).toMatchObject({ policy: [], hasPolicy: false });
  });

  test('refuses bad input with the reason, and changes nothing', async () => {
    const short = await call(root, 'POST', '/users', { accessKey: 'dave', secretKey: 'short', groups: [] });
    expect(short.statusCode).toBe(400);
    expect(short.json().detailedMessage).toMatch(/secretKey/);
    const extra = await call(root, 'POST', '/users', {
      accessKey: 'dave',
      secretKey: 'dave-secret-1',
      groups: [],
      admin: true,
    });
    expect(extra.statusCode).toBe(400);
    expect((await call(root, 'GET', '/user?name=dave')).statusCode).toBe(404);
    expect((await call(root, 'PUT', '/user?name=nobody', { status: 'enabled', groups: [] })).statusCode).toBe(
      404,
    );
  });

  test('a session cannot delete its own user', async () => {
    await call(root, 'POST', '/users', {
      accessKey: 'erin',
      secretKey: 'erin-secret-1',
      groups: [],
      policies: ['consoleAdmin'],
    });
    const erin = await loginAs(h.app, 'erin', 'erin-secret-1');
    const own = await call(erin, 'DELETE', '/user?name=erin');
    expect(own.statusCode).toBe(400);
    expect(own.json().detailedMessage).toBe('you cannot delete your own user');
    expect((await call(root, 'GET', '/user?name=erin')).statusCode).toBe(200);
  });

  test('the server decides what a session may do: a readonly user may not list users', async () => {
    await call(root, 'POST', '/users', {
      accessKey: 'frank',
      secretKey: 'frank-secret',
      groups: [],
      policies: ['readonly'],
    });
    const frank = await loginAs(h.app, 'frank', 'frank-secret');
    expect((await call(frank, 'GET', '/users')).statusCode).toBe(403);
    expect((await call(frank, 'POST', '/groups', { group: 'mine', members: [] })).statusCode).toBe(403);
    expect((await call(root, 'GET', '/group?name=mine')).statusCode).toBe(404);
  });

  test('adds many users to many groups at once', async () => {
    const res = await call(root, 'PUT', '/users-groups-bulk', {
      users: ['bob', 'carol'],
      groups: ['g1', 'g2'],
    });
    expect(res.statusCode).toBe(204);
    for (const g of ['g1', 'g2'])
      expect((await call(root, 'GET', `/group?name=${g}`)).json().members).toEqual(['bob', 'carol']);
    expect((await call(root, 'PUT', '/users-groups-bulk', { users: [], groups: ['g1'] })).statusCode).toBe(
      400,
    );
  });

  test('mutations need the CSRF header and a session', async () => {
    const noCsrf = await h.app.inject({
      method: 'POST',
      url: '/api/v1/groups',
      headers: { cookie: root.cookie },
      payload: { group: 'x', members: [] },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await h.app.inject({ method: 'GET', url: '/api/v1/users' })).statusCode).toBe(401);
    expect((await call(root, 'GET', '/group?name=x')).statusCode).toBe(404);
  });
});

describe('groups', () => {
  test('create, update members and status, and delete a group with members', async () => {
    expect((await call(root, 'POST', '/groups', { group: 'team', members: ['bob'] })).statusCode).toBe(201);
    expect((await call(root, 'POST', '/groups', { group: 'team', members: [] })).statusCode).toBe(409);
    expect((await call(root, 'GET', '/groups')).json().groups).toContain('team');

    const updated = await call(root, 'PUT', '/group?name=team', { members: ['carol'], status: 'disabled' });
    expect(updated.json()).toEqual({ name: 'team', members: ['carol'], status: 'disabled', policy: '' });

    expect((await call(root, 'DELETE', '/group?name=team')).statusCode).toBe(204);
    expect((await call(root, 'GET', '/group?name=team')).statusCode).toBe(404);
    // Its members are still users.
    expect((await call(root, 'GET', '/user?name=carol')).statusCode).toBe(200);
  });

  test('a blank group name is refused', async () => {
    const res = await call(root, 'POST', '/groups', { group: '   ', members: [] });
    expect(res.statusCode).toBe(400);
  });
});

describe('policies', () => {
  test('lists the named policies with their documents, a page at a time', async () => {
    const all = await call(root, 'GET', '/policies?limit=1000');
    expect(all.statusCode).toBe(200);
    const names = all.json().policies.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(
      expect.arrayContaining(['consoleAdmin', 'readonly', 'readwrite', 'writeonly', 'diagnostics']),
    );
    const readonly = all.json().policies.find((p: { name: string }) => p.name === 'readonly');
    expect(JSON.parse(readonly.policy).Statement[0].Action).toContain('s3:GetObject');

    const page = await call(root, 'GET', '/policies?offset=1&limit=2');
    expect(page.json().policies.map((p: { name: string }) => p.name)).toEqual(names.slice(1, 3));
    expect(page.json().total).toBe(names.length);
    expect((await call(root, 'GET', '/policies?limit=0')).statusCode).toBe(400);
  });

  test('sets and clears the policies of a user', async () => {
    const set = await call(root, 'PUT', '/set-policy', {
      name: ['readwrite', 'diagnostics'],
      entityName: 'carol',
      entityType: 'user',
    });
    expect(set.statusCode).toBe(204);
    expect((await call(root, 'GET', '/user?name=carol')).json().policy.sort()).toEqual([
      'diagnostics',
      'readwrite',
    ]);
    await call(root, 'PUT', '/set-policy', { name: [], entityName: 'carol', entityType: 'user' });
    expect((await call(root, 'GET', '/user?name=carol')).json()).toMatchObject({
      policy: [],
      hasPolicy: false,
    });
    const unknown = await call(root, 'PUT', '/set-policy', {
      name: ['nosuch'],
      entityName: 'carol',
      entityType: 'user',
    });
    expect(unknown.statusCode).toBe(404);
  });

  test('creates, reads, replaces and deletes a named policy, and names who holds it', async () => {
    const document = {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::reports/*'] }],
    };
    const created = await call(root, 'POST', '/policies', {
      name: 'reports-read',
      policy: JSON.stringify(document),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().name).toBe('reports-read');
    expect(JSON.parse(created.json().policy).Statement[0].Resource).toEqual(['arn:aws:s3:::reports/*']);

    const read = await call(root, 'GET', '/policy?name=reports-read');
    expect(read.statusCode).toBe(200);
    expect(JSON.parse(read.json().policy).Statement[0].Action).toEqual(['s3:GetObject']);

    document.Statement[0]!.Action = ['s3:GetObject', 's3:ListBucket'];
    await call(root, 'POST', '/policies', { name: 'reports-read', policy: JSON.stringify(document) });
    expect(
      JSON.parse((await call(root, 'GET', '/policy?name=reports-read')).json().policy).Statement[0].Action,
    ).toEqual(['s3:GetObject', 's3:ListBucket']);

    await call(root, 'POST', '/users', { accessKey: 'dora', secretKey: 'dora-secret-1', groups: [] });
    await call(root, 'POST', '/groups', { group: 'readers', members: ['dora'] });
    await call(root, 'PUT', '/set-policy', {
      name: ['reports-read'],
      entityName: 'dora',
      entityType: 'user',
    });
    await call(root, 'PUT', '/set-policy', {
      name: ['reports-read'],
      entityName: 'readers',
      entityType: 'group',
    });
    expect((await call(root, 'GET', '/policies/reports-read/users')).json()).toEqual(['dora']);
    expect((await call(root, 'GET', '/policies/reports-read/groups')).json()).toEqual(['readers']);
    expect((await call(root, 'GET', '/policies/nosuch/users')).statusCode).toBe(404);

    await call(root, 'PUT', '/set-policy', { name: [], entityName: 'dora', entityType: 'user' });
    await call(root, 'PUT', '/set-policy', { name: [], entityName: 'readers', entityType: 'group' });
    expect((await call(root, 'DELETE', '/policy?name=reports-read')).statusCode).toBe(204);
    expect((await call(root, 'GET', '/policy?name=reports-read')).statusCode).toBe(404);
    expect((await call(root, 'DELETE', '/policy?name=reports-read')).statusCode).toBe(404);
  });

  test('refuses a blank name, text that is not a JSON object, and a document the server rejects', async () => {
    const post = (body: unknown) => call(root, 'POST', '/policies', body);
    expect((await post({ name: '', policy: '{}' })).statusCode).toBe(400);
    expect((await post({ name: 'bad name', policy: '{}' })).statusCode).toBe(400);
    const notJson = await post({ name: 'p1', policy: '{"Version":' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('the policy is not valid JSON');
    expect((await post({ name: 'p1', policy: '[1,2]' })).statusCode).toBe(400);
    const rejected = await post({
      name: 'p1',
      policy: JSON.stringify({ Version: '2012-10-17', Statement: [{ Effect: 'Maybe' }] }),
    });
    expect(rejected.statusCode).toBe(400);
    expect((await call(root, 'GET', '/policy?name=p1')).statusCode).toBe(404);
  });
});
