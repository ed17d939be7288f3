// `stowage console --operator --kubeconfig FILE` against a real kube-apiserver: the CLI hands the
// kubeconfig's cluster to the console, which logs a service-account token in over HTTP.

import { type Cluster, startCluster } from '@stowage/test-support/kube/cluster';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCommand } from '../args.js';
import { type Running, runCommand } from './run.js';

let cluster: Cluster;
let running: Running | undefined;
let consoleUrl: string;
/** The image of tenants created without one, from the environment. */
const PINNED_IMAGE = 'registry.example/minio/minio:RELEASE.2021-09-03T03-56-13Z';
beforeAll(async () => {
  cluster = await startCluster();
  process.env.CONSOLE_MINIO_IMAGE = PINNED_IMAGE;
  const cmd = parseCommand(
    ['console', '--operator', '--kubeconfig', cluster.kubeconfigPath, '--console-port', '0'],
    {},
  );
  if (cmd.command === 'help') throw new Error('parsed as help');
  const lines: string[] = [];
  running = await runCommand(cmd, {}, (line) => lines.push(line));
  expect(lines).toContain(`Stowage operator console is running for the Kubernetes API at ${cluster.server}.`);
  // Outside a pod the console has no token of its own for the daily licence refresh.
  expect(lines).toContain(
    'licence refresh skipped: the console has no service account of its own (not in a pod)',
  );
  consoleUrl = lines
    .find((l) => l.includes('Console:'))!
    .split('Console:')[1]!
    .trim()
    .replace(/\/$/, '');
});
afterAll(async () => {
  delete process.env.CONSOLE_MINIO_IMAGE;
  await running?.close();
  await cluster?.stop();
});

describe('stowage console --operator', () => {
  it('logs a service-account token in; the session is operator mode', async () => {
    const token = await cluster.createServiceAccountToken('stowage-system', 'cli-admin', 'cluster-admin');
    const login = await fetch(`${consoleUrl}/api/v1/login/operator`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jwt: token }),
    });
    expect(login.status).toBe(204);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const session = await fetch(`${consoleUrl}/api/v1/session`, { headers: { cookie } });
    expect(session.status).toBe(200);
    const body = (await session.json()) as { pages: string[] };
    expect(body).toMatchObject({ operator: true, operatorPermissions: { readOnly: false } });
    expect(body.pages).toContain('/tenants');
  });

  it("the kubeconfig's own admin token is not a login the console grants by itself", async () => {
    const session = await fetch(`${consoleUrl}/api/v1/session`);
    expect(session.status).toBe(401);
  });

  it('a tenant created without an image gets CONSOLE_MINIO_IMAGE', async () => {
    const token = await cluster.createServiceAccountToken('stowage-system', 'cli-creator', 'cluster-admin');
    const login = await fetch(`${consoleUrl}/api/v1/login/operator`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jwt: token }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const { csrfToken } = (await (
      await fetch(`${consoleUrl}/api/v1/session`, { headers: { cookie } })
    ).json()) as {
      csrfToken: string;
    };
    await cluster.api('POST', '/api/v1/namespaces', { metadata: { name: 'cli-tenants' } });
    const created = await fetch(`${consoleUrl}/api/v1/tenants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
      body: JSON.stringify({
        name: 'from-cli',
        namespace: 'cli-tenants',
        image: '',
        pools: [
          {
            servers: 4,
            volumes_per_server: 1,
            volume_configuration: { size: 1024 ** 3, storage_class_name: 'standard' },
          },
        ],
      }),
    });
    expect(created.status).toBe(201);
    const tenant = await cluster.api('GET', '/apis/minio.min.io/v2/namespaces/cli-tenants/tenants/from-cli');
    expect(tenant.body.spec.image).toBe(PINNED_IMAGE);
  });
});
