import { describe, expect, it } from 'vitest';
import { memorySystemStore } from '../engine/test-support/memory-system-store.js';
import { identify } from '../s3/auth/common.js';
import type { ApiError } from '../wire/errors.js';
import { CredentialStore } from './credentials.js';
import { verifyJwt } from './jwt.js';
import { addServiceAccount, listServiceAccounts, serviceAccountInfo } from './service-accounts.js';

const ROOT = { accessKey: 'rootuser', secretKey: 'rootsecret' };

describe('CredentialStore', () => {
  it('issues persisted temporary credentials that a reopened store still knows', async () => {
    const system = memorySystemStore();
    const store = await CredentialStore.open(system, ROOT);
    const now = new Date('2030-01-01T00:00:00Z');
    const rec = await store.assumeRole({
      parent: ROOT.accessKey,
      durationSeconds: 3600,
      now,
      sessionPolicy: '{"Version":"2012-10-17"}',
    });
    expect(rec.expiration).toBe('2030-01-01T01:00:00.000Z');
    expect(verifyJwt(rec.sessionToken, ROOT.secretKey)).toEqual({
      accessKey: rec.accessKey,
      exp: Date.parse('2030-01-01T01:00:00Z') / 1000,
      parent: ROOT.accessKey,
      sessionPolicy: Buffer.from('{"Version":"2012-10-17"}').toString('base64'),
    });
    expect(verifyJwt(rec.sessionToken, 'other-secret')).toBeUndefined();

    const reopened = await CredentialStore.open(system, ROOT);
    expect(reopened.lookup(rec.accessKey)).toMatchObject({
      kind: 'temporary',
      parent: ROOT.accessKey,
      secretKey: rec.secretKey,
    });
    expect(reopened.lookup(ROOT.accessKey)).toMatchObject({ kind: 'root' });
    expect(reopened.lookup('unknown')).toBeUndefined();
  });

  it("keeps an OpenID user's subject, policies and provider across a reopen", async () => {
    const system = memorySystemStore();
    const store = await CredentialStore.open(system, ROOT);
    const rec = await store.assumeRole({
      parent: 'openid:olga:https://idp.example',
      subject: 'olga',
      idp: 'openid',
      policies: ['readonly'],
      durationSeconds: 3600,
    });
    const reopened = await CredentialStore.open(system, ROOT);
    expect(reopened.lookup(rec.accessKey)).toMatchObject({
      kind: 'temporary',
      parent: 'openid:olga:https://idp.example',
      subject: 'olga',
      idp: 'openid',
      policies: ['readonly'],
    });
  });

  it('answers ExpiredToken after expiry, InvalidTokenId for a wrong token', async () => {
    const store = await CredentialStore.open(memorySystemStore(), ROOT);
    const issuedAt = new Date('2030-01-01T00:00:00Z');
    const rec = await store.assumeRole({ parent: ROOT.accessKey, durationSeconds: 900, now: issuedAt });
    const lookup = (ak: string) => store.lookup(ak);
    const code = (token: string, now: Date) => {
      try {
        identify(rec.accessKey, token, {
          service: 's3',
          lookup,
          now,
          client: '192.0.2.1',
          guard: { admit() {}, failed() {} },
        });
        return 'ok';
      } catch (err) {
        return (err as ApiError).code;
      }
    };
    expect(code(rec.sessionToken, new Date('2030-01-01T00:14:59Z'))).toBe('ok');
    expect(code(rec.sessionToken, new Date('2030-01-01T00:15:00Z'))).toBe('ExpiredToken');
    expect(code(`${rec.sessionToken}x`, new Date('2030-01-01T00:01:00Z'))).toBe('InvalidTokenId');
  });

  it('removes service accounts once their expiration has passed, and keeps the others', async () => {
    const system = memorySystemStore();
    const store = await CredentialStore.open(system, ROOT);
    const inAnHour = new Date(Date.now() + 3_600_000);
    const add = (accessKey: string, expiration?: Date) =>
      addServiceAccount(
        store.iam,
        {
          parent: ROOT.accessKey,
          accessKey,
          secretKey: 'share-secret-123',
          ...(expiration ? { expiration } : {}),
        },
        ROOT.accessKey,
        () => false,
      );
    await add('sharelink1', inAnHour);
    await add('forever01');
    expect(listServiceAccounts(store.iam, ROOT.accessKey)).toEqual(['forever01', 'sharelink1']);

    await store.sweep(new Date(inAnHour.getTime() + 1000));
    expect(listServiceAccounts(store.iam, ROOT.accessKey)).toEqual(['forever01']);
    expect(() => serviceAccountInfo(store.iam, 'sharelink1', ROOT.accessKey)).toThrow('does not exist');
    // Gone from the persisted IAM too: a reopened store does not have it.
    const reopened = await CredentialStore.open(system, ROOT);
    expect(Object.keys(reopened.iam.state.serviceAccounts)).toEqual(['forever01']);
  });
});
