import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { GO_CACHE, goBuild } from '@stowage/test-support/go-build';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  type OpenIdProvider,
  startOpenIdProvider,
} from '@stowage/test-support/peers/openid-provider';
import {
  ADMIN_DN,
  ADMIN_PASSWORD,
  BASE,
  type LdapServer,
  startSlapd,
} from '@stowage/test-support/peers/slapd';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStore } from '../../src/index.js';
import { getThroughBitrot } from '../support/bitrot-get.js';

// The store driven by the real madmin-go 2.0.7 and minio-go 7: Debian's Go sources, built
// offline in GOPATH mode (src/compat carries a go.mod so that the /v2 and /v7 import paths
// resolve). The program checks every admin call the store answers and prints one line per
// check; it exits non-zero on any mismatch.

const run = promisify(execFile);
const GOPATH_ROOT = new URL('.', import.meta.url).pathname;
const BINARY = join(GO_CACHE, 'madmin-compat');

let t: TestStore;
let sso: TestStore | undefined;
let ldap: LdapServer | undefined;
let idp: OpenIdProvider | undefined;
beforeAll(async () => {
  mkdirSync(GO_CACHE, { recursive: true });
  await goBuild(join(GOPATH_ROOT, 'src/compat'), GOPATH_ROOT, BINARY);
  t = await startTestStore();
}, 300_000);
afterAll(async () => {
  await Promise.all([t?.close(), sso?.close()]);
  await Promise.all([ldap?.close(), idp?.close()]);
});

/** Runs the compiled program; its output lines, and failures as lines too. */
async function compat(args: string[]): Promise<string[]> {
  const result = await run(BINARY, args, { timeout: 120_000 }).catch(
    (err: { stdout?: string; code?: number }) => ({ stdout: err.stdout ?? '', code: err.code }),
  );
  return result.stdout.trim().split('\n');
}

describe('madmin-go 2.0.7 against the store', () => {
  it('passes every check of the Go compatibility program', async () => {
    const endpoint = new URL(t.store.url).host;
    const lines = await compat([endpoint, ROOT.accessKey, ROOT.secretKey]);
    expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
    expect(lines.at(-1)).toBe('0 failed');
    // The program really ran its checks (a build that printed nothing would not pass).
    expect(lines.filter((l) => l.startsWith('ok ')).length).toBeGreaterThan(40);
    expect(lines).toContain('ok ServiceTrace storage and os');
  }, 150_000);
});

describe("madmin-go 2.0.7's GetLogs", () => {
  it("decodes the entry of a GET's bitrot with the request's context and the error's source", async () => {
    const requestId = await getThroughBitrot(t, 'go-logged', 'rotten');
    const endpoint = new URL(t.store.url).host;
    const lines = await compat(['logs', endpoint, ROOT.accessKey, ROOT.secretKey, requestId]);
    expect(lines.at(-1)).toBe('0 failed');
    const entry = JSON.parse(lines.find((l) => l.startsWith('entry '))!.slice('entry '.length));
    expect(entry).toMatchObject({
      level: 'ERROR',
      errKind: 'MINIO',
      api: 'GetObject',
      args: { bucket: 'go-logged', object: 'rotten' },
      remotehost: '127.0.0.1',
      host: endpoint,
      requestID: requestId,
      userAgent: expect.stringContaining('aws-sdk-js'),
      message: expect.stringContaining('go-logged/rotten: content hash does not match (bitrot)'),
      error: expect.stringContaining('content hash does not match'),
      node: endpoint,
    });
    expect(entry.source[0]).toMatch(/engine\/erasure\/objects\.[jt]s:\d+:.+\(\)$/);
    expect(Date.parse(entry.time)).not.toBeNaN();
  }, 150_000);
});

describe("minio-go 7's STS credential providers against the store", () => {
  it('log in with AssumeRole, a real OpenLDAP and a real OpenID provider', async () => {
    ldap = await startSlapd([{ uid: 'ada', password: 'ada-ldap-pass' }], []);
    idp = await startOpenIdProvider({ olga: 'readwrite' });
    sso = await startTestStore();
    const admin = new MadminClient({ endpoint: sso.store.url, credentials: ROOT });
    await admin.config.setKV(
      `identity_ldap server_addr=${ldap.address} server_insecure=on lookup_bind_dn="${ADMIN_DN}" lookup_bind_password=${ADMIN_PASSWORD} user_dn_search_base_dn="ou=people,${BASE}" user_dn_search_filter=(uid=%s)`,
    );
    await admin.config.setKV(
      `identity_openid config_url=${idp.issuer}/.well-known/openid-configuration client_id=${CLIENT_ID} client_secret=${CLIENT_SECRET} claim_name=policy`,
    );
    await sso.store.close();
    sso.store = await startStore({ drives: sso.drives, rootCredentials: ROOT, port: sso.store.port });
    await new MadminClient({ endpoint: sso.store.url, credentials: ROOT }).policies.set(
      ['readonly'],
      `uid=ada,ou=people,${BASE}`,
      false,
    );
    await sso.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'sts' }));
    await sso.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'sts', Key: 'hello', Body: 'hi' }));

    const endpoint = new URL(sso.store.url).host;
    const lines = await compat([
      'sts',
      endpoint,
      ROOT.accessKey,
      ROOT.secretKey,
      'ada',
      'ada-ldap-pass',
      await idp.idToken('olga'),
    ]);
    expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
    expect(lines.at(-1)).toBe('0 failed');
    expect(lines.filter((l) => l.startsWith('ok ')).length).toBe(11);
  }, 150_000);
});
