import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  clusterFromKubeconfig,
  clusterInPod,
  resolveKubeCluster,
  tokenExpiry,
  tokenSubject,
} from './kube.js';

const dir = mkdtempSync(join(tmpdir(), 'stowage-kubecfg-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const CA = '-----BEGIN CERTIFICATE-----\nMIIBtest\n-----END CERTIFICATE-----\n';

function kubeconfig(name: string, cluster: Record<string, unknown>, namespace?: string): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    `apiVersion: v1
kind: Config
clusters:
- name: dev
  cluster: ${JSON.stringify(cluster)}
users:
- name: someone
  user: {token: file-token-never-used}
contexts:
- name: dev
  context: {cluster: dev, user: someone${namespace ? `, namespace: ${namespace}` : ''}}
current-context: dev
`,
  );
  return path;
}

function serviceAccountDir(files: Record<string, string>): string {
  const sa = mkdtempSync(join(dir, 'sa-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(sa, name), text);
  return sa;
}

describe('kube cluster configuration', () => {
  test('a kubeconfig gives the server, its CA data and the context namespace, never its credentials', async () => {
    const path = kubeconfig(
      'a.yaml',
      { server: 'https://10.0.0.1:6443/', 'certificate-authority-data': Buffer.from(CA).toString('base64') },
      'ops',
    );
    const cluster = await clusterFromKubeconfig(path);
    expect(cluster).toEqual({ server: 'https://10.0.0.1:6443', caPem: CA, namespace: 'ops' });
    expect(JSON.stringify(cluster)).not.toContain('file-token-never-used');
  });

  test('a kubeconfig CA file is read, and the namespace defaults to default', async () => {
    writeFileSync(join(dir, 'ca.pem'), CA);
    const path = kubeconfig('b.yaml', {
      server: 'https://k8s.example:443',
      'certificate-authority': join(dir, 'ca.pem'),
    });
    expect(await clusterFromKubeconfig(path)).toEqual({
      server: 'https://k8s.example:443',
      caPem: CA,
      namespace: 'default',
    });
  });

  test('--kubeconfig wins over KUBECONFIG, whose first entry is used', async () => {
    const flag = kubeconfig('flag.yaml', { server: 'https://flag:6443' });
    const envFile = kubeconfig('env.yaml', { server: 'https://env:6443' });
    const env = {
      KUBECONFIG: `${envFile}:/nonexistent`,
      KUBERNETES_SERVICE_HOST: '10.96.0.1',
      KUBERNETES_SERVICE_PORT: '443',
    };
    expect((await resolveKubeCluster(flag, env)).server).toBe('https://flag:6443');
    expect((await resolveKubeCluster(undefined, env)).server).toBe('https://env:6443');
  });

  test('in a pod: the service host and port, the mounted CA and namespace', async () => {
    const sa = serviceAccountDir({ 'ca.crt': CA, namespace: 'minio-operator\n' });
    const env = { KUBERNETES_SERVICE_HOST: '10.96.0.1', KUBERNETES_SERVICE_PORT: '443' };
    expect(await resolveKubeCluster(undefined, env, sa)).toEqual({
      server: 'https://10.96.0.1:443',
      caPem: CA,
      namespace: 'minio-operator',
    });
    expect(
      clusterInPod({ KUBERNETES_SERVICE_HOST: 'fd00::1', KUBERNETES_SERVICE_PORT: '443' }, sa).server,
    ).toBe('https://[fd00::1]:443');
  });

  test('clear errors when nothing names a cluster, the CA is missing or the file is bad', async () => {
    await expect(resolveKubeCluster(undefined, {})).rejects.toThrow(/--kubeconfig FILE, KUBECONFIG/);
    const noCa = serviceAccountDir({});
    expect(() => clusterInPod({ KUBERNETES_SERVICE_HOST: 'h', KUBERNETES_SERVICE_PORT: '1' }, noCa)).toThrow(
      /no cluster CA/,
    );
    await expect(clusterFromKubeconfig(join(dir, 'missing.yaml'))).rejects.toThrow(
      /cannot read the kubeconfig/,
    );
  });
});

describe('service-account JWT claims', () => {
  const jwt = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
  test('subject and expiry are read; junk yields none', () => {
    expect(tokenSubject(jwt({ sub: 'system:serviceaccount:a:b', exp: 100 }))).toBe(
      'system:serviceaccount:a:b',
    );
    expect(tokenExpiry(jwt({ exp: 100 }))).toBe(100_000);
    expect(tokenSubject('not-a-jwt')).toBe('');
    expect(tokenExpiry('not-a-jwt')).toBe(Number.POSITIVE_INFINITY);
  });
});
