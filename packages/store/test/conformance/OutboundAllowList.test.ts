import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient, MadminError, type TierConfig } from '@stowage/madmin';
import { startWebhookReceiver, type WebhookReceiver } from '@stowage/test-support/peers/webhook-receiver';
import { ROOT, startTestStore, type TestStore, withEnv } from '@stowage/test-support/store/harness';
import { until as waitUntil } from '@stowage/test-support/wait';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStore } from '../../src/index.js';
import { remoteTarget } from '../support/remote-target.js';

// STOWAGE_OUTBOUND_ALLOW (read when a store starts): where notification, audit and logger
// targets, replication remotes and tiers may connect. Checked when one is configured, and
// again on every connection, names resolved. Real peers: a webhook receiver and a second
// store, both on 127.0.0.1.

const { CreateBucketCommand, PutBucketNotificationConfigurationCommand, PutBucketVersioningCommand } = s3sdk;

let hook: WebhookReceiver;
let peer: TestStore;
let guarded: TestStore;
let allowed: TestStore;
let hookPort: number;
let peerPort: number;

beforeAll(async () => {
  [hook, peer] = await Promise.all([startWebhookReceiver(), startTestStore()]);
  hookPort = Number(new URL(hook.url).port);
  peerPort = peer.store.port;
  await peer.s3.send(new CreateBucketCommand({ Bucket: 'dst' }));
  await peer.s3.send(
    new PutBucketVersioningCommand({ Bucket: 'dst', VersioningConfiguration: { Status: 'Enabled' } }),
  );
  await peer.s3.send(new CreateBucketCommand({ Bucket: 'archive' }));
  guarded = await startTestStore({ outboundAllow: '10.0.0.0/8, hooks.example.com' });
  allowed = await startTestStore({ outboundAllow: `127.0.0.1:${hookPort}, 127.0.0.1:${peerPort}` });
  for (const t of [guarded, allowed]) {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'src' }));
    await t.s3.send(
      new PutBucketVersioningCommand({ Bucket: 'src', VersioningConfiguration: { Status: 'Enabled' } }),
    );
  }
});
afterAll(async () => {
  await Promise.all([guarded?.close(), allowed?.close(), peer?.close()]);
  await hook?.close();
});

const adminOf = (t: TestStore) => new MadminClient({ endpoint: t.store.url, credentials: ROOT });

/** "<status> <code>: <message>" of a refused admin call; "resolved" when it worked. */
const refusal = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e instanceof MadminError ? `${e.status} ${e.code}: ${e.message}` : String(e)),
  );

const tier = (name: string): TierConfig => ({
  Version: 'v1',
  Type: 'minio',
  Name: name,
  MinIO: {
    Endpoint: peer.store.url,
    AccessKey: ROOT.accessKey,
    SecretKey: ROOT.secretKey,
    Bucket: 'archive',
    Prefix: 'tier/',
  },
});

describe('STOWAGE_OUTBOUND_ALLOW when a target is configured', () => {
  it('stops a start with a malformed list, naming the entry, before any drive is touched', async () => {
    const drive = join(peer.dir, 'never-formatted');
    await expect(
      withEnv({ STOWAGE_OUTBOUND_ALLOW: '10.0.0.0/8, 10.0.0.0/99' }, () =>
        startStore({ drives: [drive], rootCredentials: ROOT }),
      ),
    ).rejects.toThrow("STOWAGE_OUTBOUND_ALLOW: bad prefix length in '10.0.0.0/99'");
    expect(existsSync(drive)).toBe(false);
  });

  it('refuses notification, audit and logger targets outside the list, naming the address and the setting', async () => {
    const admin = adminOf(guarded);
    expect(
      await refusal(admin.config.setKV(`notify_webhook:1 endpoint=http://127.0.0.1:${hookPort}/events`)),
    ).toBe(
      `400 XMinioConfigError: notify_webhook:1: 127.0.0.1:${hookPort} is not allowed by STOWAGE_OUTBOUND_ALLOW`,
    );
    // A queue directory does not make an address allowed.
    expect(
      await refusal(
        admin.config.setKV(
          `notify_webhook:1 endpoint=http://127.0.0.1:${hookPort}/events queue_dir=${guarded.dir}/q`,
        ),
      ),
    ).toMatch(/^400 XMinioConfigError: .*not allowed by STOWAGE_OUTBOUND_ALLOW/);
    // A name is resolved, and refused for where it leads.
    expect(
      await refusal(admin.config.setKV(`audit_webhook endpoint=http://localhost:${hookPort}/audit`)),
    ).toBe(
      `400 XMinioConfigError: audit_webhook: localhost resolves to 127.0.0.1, which STOWAGE_OUTBOUND_ALLOW does not allow (port ${hookPort})`,
    );
    expect(await refusal(admin.config.setKV('logger_webhook:x endpoint=http://169.254.169.254/latest'))).toBe(
      '400 XMinioConfigError: logger_webhook:x: 169.254.169.254:80 is not allowed by STOWAGE_OUTBOUND_ALLOW',
    );
    expect(await refusal(admin.config.setKV('notify_redis:1 address=127.0.0.1:6379 key=events'))).toMatch(
      /^400 XMinioConfigError: notify_redis:1: 127\.0\.0\.1:6379 is not allowed/,
    );
    expect(
      await refusal(
        admin.config.setKV(
          'notify_mysql:1 dsn_string="u:p@unix(/var/run/mysqld/mysqld.sock)/db" table=events',
        ),
      ),
    ).toMatch(
      /^400 XMinioConfigError: notify_mysql:1: the Unix socket \/var\/run\/mysqld\/mysqld\.sock cannot be allowed/,
    );
    // Nothing of it was stored.
    const stored = (await admin.config.getKV('notify_webhook')) + (await admin.config.getKV('audit_webhook'));
    expect(stored).not.toContain(String(hookPort));
  });

  it('refuses replication remotes and tiers outside the list, and keeps nothing', async () => {
    const admin = adminOf(guarded);
    expect(await refusal(admin.remoteTargets.set('src', remoteTarget(peer, 'src', 'dst')))).toBe(
      `404 XMinioAdminReplicationRemoteConnectionError: 127.0.0.1:${peerPort} is not allowed by STOWAGE_OUTBOUND_ALLOW`,
    );
    expect(
      await refusal(
        admin.remoteTargets.set(
          'src',
          remoteTarget(peer, 'src', 'dst', { endpoint: `localhost:${peerPort}` }),
        ),
      ),
    ).toMatch(/^404 XMinioAdminReplicationRemoteConnectionError: localhost resolves to 127\.0\.0\.1/);
    expect(await refusal(admin.tiers.add(tier('COLD')))).toBe(
      `400 XMinioAdminTierInvalidConfig: 127.0.0.1:${peerPort} is not allowed by STOWAGE_OUTBOUND_ALLOW`,
    );
    expect(await refusal(admin.remoteTargets.list('src'))).toMatch(
      /^404 XMinioAdminRemoteTargetNotFoundError/,
    );
    expect(await admin.tiers.list()).toEqual([]);
  });

  it('lets through what the list names, to the port it names', async () => {
    const admin = adminOf(allowed);
    // By name: localhost resolves to 127.0.0.1, which the list allows on this port.
    await admin.config.setKV(`notify_webhook:1 endpoint=http://localhost:${hookPort}/events`);
    expect(
      await refusal(admin.config.setKV(`notify_webhook:2 endpoint=http://127.0.0.1:${peerPort + 1}/x`)),
    ).toMatch(/not allowed by STOWAGE_OUTBOUND_ALLOW/);
    await allowed.s3.send(
      new PutBucketNotificationConfigurationCommand({
        Bucket: 'src',
        NotificationConfiguration: {
          QueueConfigurations: [{ QueueArn: 'arn:minio:sqs::1:webhook', Events: ['s3:ObjectCreated:*'] }],
        },
      }),
    );
    await allowed.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'src', Key: 'delivered', Body: 'x' }));
    await hook.waitFor((r) => (r.body as { Key?: string }).Key === 'src/delivered');

    expect(await admin.remoteTargets.set('src', remoteTarget(peer, 'src', 'dst'))).toMatch(
      /^arn:minio:replication:/,
    );
    await admin.tiers.add(tier('COLD'));
    expect((await admin.tiers.list()).map((t) => t.Name)).toEqual(['COLD']);
  });
});

describe('STOWAGE_OUTBOUND_ALLOW when connecting', () => {
  it('refuses targets kept from before the list, names resolved where they lead now', async () => {
    const admin = adminOf(allowed);
    await admin.config.setKV(`audit_webhook endpoint=http://localhost:${hookPort}/audit`);
    await allowed.s3.send(new s3sdk.HeadBucketCommand({ Bucket: 'src' }));
    await hook.waitFor((r) => r.path === '/audit');
    // The same drives, started again with a list that no longer allows the hook.
    await allowed.store.close();
    allowed.store = await withEnv({ STOWAGE_OUTBOUND_ALLOW: '10.0.0.0/8' }, () =>
      startStore({
        drives: allowed.drives,
        rootCredentials: ROOT,
        port: allowed.store.port,
        log: (e) => allowed.logs.push(e.message),
      }),
    );
    const audited = hook.received.filter((r) => r.path === '/audit').length;
    const events = hook.received.filter((r) => r.path === '/events').length;
    await allowed.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'src', Key: 'refused', Body: 'x' }));
    const refused = `localhost resolves to 127.0.0.1, which STOWAGE_OUTBOUND_ALLOW does not allow (port ${hookPort})`;
    for (const target of ['audit_webhook:_', 'notify_webhook:1'])
      await until(() => allowed.logs.some((l) => l === `${target}: delivery failed: ${refused}`), target);
    expect(hook.received.filter((r) => r.path === '/audit')).toHaveLength(audited);
    expect(hook.received.filter((r) => r.path === '/events')).toHaveLength(events);
    // Server info's probe of the target is refused as well: offline.
    const info = await adminOf(allowed).serverInfo();
    expect(info.services?.notifications).toEqual([{ webhook: [{ '1': { status: 'offline' } }] }]);
    // The remote and the tier kept from before cannot be verified either.
    expect(await refusal(admin.tiers.verify('COLD'))).toBe(
      `400 XMinioAdminTierInvalidConfig: 127.0.0.1:${peerPort} is not allowed by STOWAGE_OUTBOUND_ALLOW`,
    );
  });
});

async function until(done: () => boolean, what: string): Promise<void> {
  await waitUntil(done, { timeout: 10_000, interval: 50 });
  expect(done(), what).toBe(true);
}
