import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErasureSystemStore } from '../engine/erasure/erasure-system-store.js';
import { erasureParams } from '../engine/erasure/params.js';
import { tmpDir } from '../engine/fs/layout.js';
import { messageLogger } from '../observe/logger.js';
import { CredentialStore, type ExternalUser } from './credentials.js';
import { type DirectoryVerdict, type ExternalDirectory, ExternalUserChecks } from './external-users.js';

// The passes over external users, against real credentials on real drives and a directory
// that answers only when the test lets it (a slow LDAP server): one pass at a time, nothing
// written once closed, and group lists applied only to credentials older than the check.

const ROOT = { accessKey: 'rootuser', secretKey: 'rootsecret' };
const ADA = 'uid=ada,ou=people,dc=stowage,dc=test';
const WRITERS = 'cn=writers,ou=groups,dc=stowage,dc=test';

/** A directory whose every check waits until the test answers it. */
function slowDirectory() {
  const asked: { users: readonly ExternalUser[]; answer: (v: Map<string, DirectoryVerdict>) => void }[] = [];
  const directory: ExternalDirectory = {
    idp: 'ldap',
    name: 'LDAP',
    check: (users) => new Promise((answer) => asked.push({ users, answer })),
  };
  return { directory, asked };
}

/** Lets promise callbacks run (the pass moving on after an answer). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

let dir: string;
let credentials: CredentialStore;
const logs: string[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'external-users-'));
  const drives = [1, 2, 3, 4].map((n) => join(dir, `d${n}`));
  for (const d of drives) await mkdir(tmpDir(d), { recursive: true });
  credentials = await CredentialStore.open(new ErasureSystemStore(drives, erasureParams(4)), ROOT);
  logs.length = 0;
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const login = (groups: string[]) =>
  credentials.assumeRole({ parent: ADA, durationSeconds: 3600, idp: 'ldap', groups, username: 'ada' });

const checks = (directory: ExternalDirectory) =>
  new ExternalUserChecks(
    credentials,
    [directory],
    { checkCacheMs: 60_000, now: Date.now },
    messageLogger((l) => logs.push(l)),
  );

describe('ExternalUserChecks passes', () => {
  it('run one at a time: a pass asked for while one runs waits for it', async () => {
    await login([WRITERS]);
    const { directory, asked } = slowDirectory();
    const c = checks(directory);
    const first = c.revalidate();
    const second = c.revalidate();
    await settle();
    expect(asked).toHaveLength(1);
    asked[0]!.answer(new Map([[ADA, { state: 'active', groups: [WRITERS] }]]));
    await first;
    await settle();
    expect(asked).toHaveLength(2);
    asked[1]!.answer(new Map([[ADA, { state: 'active', groups: [WRITERS] }]]));
    await second;
  });

  it('write nothing once closed, and close waits for the pass under way', async () => {
    const sts = await login([WRITERS]);
    const { directory, asked } = slowDirectory();
    const c = checks(directory);
    const pass = c.revalidate();
    await settle();
    let closed = false;
    const closing = c.close().then(() => {
      closed = true;
    });
    await settle();
    expect(closed).toBe(false);
    asked[0]!.answer(new Map([[ADA, { state: 'gone', reason: 'it is no longer in the directory' }]]));
    await Promise.all([pass, closing]);
    expect(credentials.lookup(sts.accessKey)?.accessKey).toBe(sts.accessKey);
    await c.revalidate();
    expect(asked).toHaveLength(1);
  });

  it('apply group lists only to credentials that existed when the directory was asked', async () => {
    const before = await login([WRITERS]);
    const { directory, asked } = slowDirectory();
    const pass = checks(directory).revalidate();
    await settle();
    // The directory answers from before ada rejoined the writers and logged in again.
    const during = await login([WRITERS]);
    asked[0]!.answer(new Map([[ADA, { state: 'active', groups: [] }]]));
    await pass;
    expect(credentials.lookup(before.accessKey)?.groups).toEqual([]);
    expect(credentials.lookup(during.accessKey)?.groups).toEqual([WRITERS]);
  });
});
