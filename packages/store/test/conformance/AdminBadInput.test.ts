import { encryptData, MadminClient } from '@stowage/madmin';
import { ROOT, signedRequest, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Bad admin bodies get a clear JSON error and change nothing: encrypted with the wrong key,
// truncated, oversized, not JSON, or JSON of the wrong shape.

let t: TestStore;
let admin: MadminClient;
beforeAll(async () => {
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
});
afterAll(() => t.close());

const addUser = async (body: Buffer) => {
  const res = await signedRequest(t.store.port, {
    method: 'PUT',
    path: '/minio/admin/v3/add-user?accessKey=zed',
    body,
  });
  return { status: res.status, code: (JSON.parse(res.body) as { Code: string }).Code };
};

const USER = Buffer.from(JSON.stringify({ secretKey: 'zed-secret-1', status: 'enabled' }));

describe('admin bad input', () => {
  it('refuses a body encrypted with another secret', async () => {
    expect(await addUser(await encryptData('not-the-root-secret', USER))).toEqual({
      status: 400,
      code: 'XMinioAdminConfigBadJSON',
    });
  });

  it('refuses a truncated encrypted body', async () => {
    const sealed = await encryptData(ROOT.secretKey, USER);
    expect(await addUser(sealed.subarray(0, sealed.length - 5))).toEqual({
      status: 400,
      code: 'XMinioAdminConfigBadJSON',
    });
    expect(await addUser(sealed.subarray(0, 20))).toEqual({ status: 400, code: 'XMinioAdminConfigBadJSON' });
  });

  it('refuses an oversized body', async () => {
    expect(await addUser(Buffer.alloc(262_273, 1))).toEqual({
      status: 400,
      code: 'XMinioAdminConfigTooLarge',
    });
  });

  it('refuses encrypted text that is not a JSON object, or fields of the wrong type', async () => {
    expect(await addUser(await encryptData(ROOT.secretKey, Buffer.from('{"secretKey":')))).toEqual({
      status: 400,
      code: 'XMinioAdminConfigBadJSON',
    });
    expect(await addUser(await encryptData(ROOT.secretKey, Buffer.from('[1,2]')))).toEqual({
      status: 400,
      code: 'XMinioAdminConfigBadJSON',
    });
    expect(await addUser(await encryptData(ROOT.secretKey, Buffer.from('{"secretKey":12345678}')))).toEqual({
      status: 400,
      code: 'XMinioAdminConfigBadJSON',
    });
  });

  it('refuses malformed group updates in plain JSON', async () => {
    for (const body of ['not json', '{"group":"g","members":"zed"}', '{"group":7}']) {
      const res = await signedRequest(t.store.port, {
        method: 'PUT',
        path: '/minio/admin/v3/update-group-members',
        body,
      });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ Resource: '/minio/admin/v3/update-group-members' });
    }
  });

  it('changed nothing, and the server still answers', async () => {
    expect(await admin.users.list()).toEqual({});
    expect(await admin.groups.list()).toEqual([]);
  });
});
