import { MadminClient } from '@stowage/madmin';
import { startWebhookReceiver, type WebhookReceiver } from '@stowage/test-support/peers/webhook-receiver';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStore } from '../../src/index.js';
import { code } from '../support/outcome.js';

// Server configuration through the admin API (madmin-protocol.md §3.6, §6): encrypted KV
// text, restart-required semantics, history and restore, ARNs in server info.

let t: TestStore;
let admin: MadminClient;
// A reachable endpoint for the targets set here: the store connects to each when it is set.
let hook: WebhookReceiver & { port: number };
beforeAll(async () => {
  const receiver = await startWebhookReceiver();
  hook = Object.assign(receiver, { port: Number(new URL(receiver.url).port) });
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
});
afterAll(async () => {
  await t.close();
  await hook.close();
});

describe('admin configuration', () => {
  it('sets a notification target (restart needed) and reads it back', async () => {
    expect(
      await admin.config.setKV(`notify_webhook:primary endpoint=${hook.url}/hook queue_limit=10`),
    ).toEqual({
      restart: true,
    });
    expect(await admin.config.getKV('notify_webhook:primary')).toBe(
      `notify_webhook:primary endpoint=${hook.url}/hook auth_token= queue_limit=10 queue_dir= client_cert= client_key= \n`,
    );
    const info = await admin.serverInfo();
    expect(info.sqsARN).toEqual(['arn:minio:sqs::primary:webhook']);
    expect(info.services?.notifications).toEqual([{ webhook: [{ primary: { status: 'online' } }] }]);
  });

  it('applies dynamic subsystems at once', async () => {
    expect(await admin.config.setKV('compression enable=on extensions=.log')).toEqual({ restart: false });
    expect(await admin.config.getKV('compression')).toBe(
      'compression allow_encryption=off extensions=.log mime_types=text/*,application/json,application/xml,binary/octet-stream \n',
    );
  });

  it('forms ARNs with the configured region and postgresql for postgres', async () => {
    await admin.config.setKV('site region=eu-west-1');
    await admin.config.setKV(
      `notify_postgres:db connection_string="host=127.0.0.1 port=${hook.port} dbname=events" table=events format=access`,
    );
    expect((await admin.serverInfo()).sqsARN).toEqual([
      'arn:minio:sqs:eu-west-1:primary:webhook',
      'arn:minio:sqs:eu-west-1:db:postgresql',
    ]);
    expect((await admin.serverInfo()).region).toBe('eu-west-1');
  });

  it('refuses bad configuration with XMinioConfigError and changes nothing', async () => {
    expect(await code(admin.config.setKV('notify_mqtt:m broker=tcp://127.0.0.1:1883'))).toBe(
      '400 XMinioConfigError',
    );
    expect(await code(admin.config.setKV('nosuch enable=on'))).toBe('400 XMinioConfigError');
    expect(await code(admin.config.setKV('site:x name=a'))).toBe('400 XMinioConfigError');
    expect(await code(admin.config.getKV('notify_mqtt:m'))).toBe('400 XMinioConfigError');
    expect(await code(admin.config.delKV('notify_mqtt:m'))).toBe('404 XMinioConfigNotFoundError');
  });

  it('deletes a target', async () => {
    expect(await admin.config.delKV('notify_postgres:db')).toEqual({ restart: true });
    expect((await admin.serverInfo()).sqsARN).toEqual(['arn:minio:sqs:eu-west-1:primary:webhook']);
  });

  it('keeps a history, restores an entry and clears it', async () => {
    const history = await admin.config.history(0);
    expect(history.map((h) => h.data)).toEqual([
      `notify_webhook:primary endpoint=${hook.url}/hook queue_limit=10`,
      'compression enable=on extensions=.log',
      'site region=eu-west-1',
      `notify_postgres:db connection_string="host=127.0.0.1 port=${hook.port} dbname=events" table=events format=access`,
    ]);
    const pg = history[3]!;
    await admin.config.restore(pg.restoreId);
    expect(await admin.config.getKV('notify_postgres:db')).toContain('format=access');
    expect((await admin.config.history()).map((h) => h.restoreId)).not.toContain(pg.restoreId);
    expect(await code(admin.config.restore(pg.restoreId))).toBe('404 XMinioConfigNotFoundError');
    await admin.config.clearHistory('all');
    expect(await admin.config.history()).toEqual([]);
  });

  it('exports and replaces the whole configuration', async () => {
    const all = await admin.config.getAll();
    expect(all).toContain(`notify_webhook:primary endpoint=${hook.url}/hook`);
    expect(all).toContain('# notify_kafka enable=off');
    await admin.config.setAll('site region=us-west-2\n# a comment\n');
    expect(await admin.config.getKV('notify_webhook')).toBe(
      'notify_webhook enable=off endpoint= auth_token= queue_limit=0 queue_dir= client_cert= client_key= \n',
    );
    expect((await admin.serverInfo()).region).toBe('us-west-2');
  });

  it('answers help with exactly the fields madmin decodes', async () => {
    const help = await admin.config.help('identity_ldap', 'server_addr');
    expect(help).toEqual({
      subSys: 'identity_ldap',
      description: 'enable LDAP SSO support',
      multipleTargets: false,
      keysHelp: [
        {
          key: 'server_addr',
          type: 'address',
          description: expect.any(String),
          optional: false,
          multipleTargets: false,
        },
      ],
    });
  });

  it('adds, reads, lists and deletes identity provider configurations', async () => {
    expect(
      await admin.config.setIdp(
        'openid',
        'corp',
        'config_url=http://127.0.0.1:9/.well-known/openid-configuration client_id=c client_secret=s',
        false,
      ),
    ).toEqual({ restart: true });
    expect(await code(admin.config.setIdp('openid', 'corp', 'client_id=d', false))).toBe(
      '400 XMinioConfigError',
    );
    await admin.config.setIdp('openid', 'corp', 'client_id=d', true);
    const idp = await admin.config.getIdp('openid', 'corp');
    expect(idp.info).toContainEqual({ key: 'client_id', value: 'd', isCfg: true, isEnv: false });
    expect(await admin.config.listIdp('openid')).toEqual([{ type: 'openid', name: 'corp', enabled: true }]);
    await admin.config.deleteIdp('openid', 'corp');
    expect(await admin.config.listIdp('openid')).toEqual([]);
    expect(await code(admin.config.setIdp('ldap', 'two', 'server_addr=x:389', false))).toBe(
      '400 XMinioConfigError',
    );
  });

  it('refuses a notification target it cannot reach, unless events queue on disk', async () => {
    expect(await code(admin.config.setKV('notify_webhook:down endpoint=http://127.0.0.1:9/hook'))).toBe(
      '400 XMinioAdminConfigBadJSON',
    );
    expect(await code(admin.config.getKV('notify_webhook:down'))).toBe('400 XMinioConfigError');
    expect(
      await code(admin.config.setKV('notify_redis:r address=127.0.0.1:9 key=events format=access')),
    ).toBe('400 XMinioAdminConfigBadJSON');
    const queued = 'notify_redis:q address=127.0.0.1:9 key=events format=access queue_dir=/tmp/stowage-q';
    expect(await admin.config.setKV(queued)).toEqual({ restart: true });
    // Accepted, and reported as it is: offline.
    expect((await admin.serverInfo()).services?.notifications).toContainEqual({
      redis: [{ q: { status: 'offline' } }],
    });
    expect(await admin.config.delKV('notify_redis:q')).toEqual({ restart: true });
    // Disabled targets are not reached for.
    expect(
      await admin.config.setKV('notify_redis:off address=127.0.0.1:9 key=e format=access enable=off'),
    ).toEqual({
      restart: true,
    });
    expect(await admin.config.delKV('notify_redis:off')).toEqual({ restart: true });
  });

  it('keeps the configuration across a restart', async () => {
    await admin.config.setKV(`notify_nats:n address=127.0.0.1:${hook.port} subject=events`);
    await t.store.close();
    t.store = await startStore({ drives: t.drives, rootCredentials: ROOT, port: t.store.port });
    const again = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
    expect(await again.config.getKV('notify_nats:n')).toContain(
      `address=127.0.0.1:${hook.port} subject=events`,
    );
  });
});
