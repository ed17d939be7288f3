// A real Kubernetes API server on loopback for tests and development (reference/operator.md §5.2):
// Debian's etcd plus the kube-apiserver built by build-apiserver.sh, the Tenant and direct-csi CRDs,
// a few Nodes, storage classes, and a tiny fake kubelet so pod logs travel through the API server.
// There are no controllers: tests play the operator's part (Tenant status, pods) themselves.
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadAllYaml } from '@kubernetes/client-node';
import { sharedDataDir } from './shared-data.mjs';

export const KUBE_VERSION = '1.20.2';
const cacheDir = process.env.STOWAGE_KUBE_CACHE ?? '/var/cache/stowage-kube';
export const apiserverBinary = join(cacheDir, `kube-apiserver-${KUBE_VERSION}`);
const buildScript = new URL('./build-apiserver.sh', import.meta.url).pathname;
export const CRD_FILES = [
  'minio.min.io_tenants.v4.2.0.yaml',
  'direct.csi.min.io_directcsidrives.yaml',
  'direct.csi.min.io_directcsivolumes.yaml',
];

/** A token the API server has never issued: every call with it is 401. */
export const JUNK_TOKEN =
  'eyJhbGciOiJSUzI1NiIsImtpZCI6Imp1bmsifQ.eyJzdWIiOiJzeXN0ZW06c2VydmljZWFjY291bnQ6anVuazpqdW5rIn0.bm90LWEtc2lnbmF0dXJl';
/** get/list/watch on everything: what a read-only operator login is bound to. */
export const READ_ONLY_CLUSTER_ROLE = 'stowage-read-only';

const GiB = 1024 ** 3;
/**
 * Four schedulable nodes (memory allocatable differs so "the N-th largest" is observable) and one
 * tainted NoSchedule, as max-allocatable-memory and the node-label selector need.
 */
export const NODES = [
  { name: 'node-1', memory: 8 * GiB, zone: 'zone-a', taints: [] },
  { name: 'node-2', memory: 16 * GiB, zone: 'zone-a', taints: [] },
  { name: 'node-3', memory: 16 * GiB, zone: 'zone-b', taints: [] },
  { name: 'node-4', memory: 32 * GiB, zone: 'zone-b', taints: [] },
  {
    name: 'node-5',
    memory: 64 * GiB,
    zone: 'zone-c',
    taints: [{ key: 'dedicated', value: 'infra', effect: 'NoSchedule' }],
  },
];
export const STORAGE_CLASSES = ['standard', 'fast'];

/** Builds kube-apiserver once per machine (cached outside the repository); a no-op when present. */
export function ensureApiserver() {
  if (existsSync(apiserverBinary)) return apiserverBinary;
  const res = spawnSync('sh', [buildScript], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (res.status !== 0 || !existsSync(apiserverBinary)) {
    throw new Error(`building kube-apiserver failed (${buildScript})`);
  }
  return apiserverBinary;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function pemBlocks(text) {
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n?/g) ?? [];
}

/** One JSON call to the API server; resolves `{status, body}` and never throws on HTTP errors. */
function call(server, caPem, token, method, path, body, contentType = 'application/json') {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpsRequest(
      new URL(path, server),
      {
        method,
        ca: caPem,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(payload ? { 'content-type': contentType, 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed = text;
          try {
            parsed = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function spawnLogged(binary, args, logFile) {
  const log = createWriteStream(logFile);
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return child;
}

async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** The fake kubelet: serves `/containerLogs/{ns}/{pod}/{container}` from a map tests fill. */
function startKubelet(key, cert) {
  const logs = new Map();
  const server = createHttpsServer({ key, cert }, (req, res) => {
    const match = /^\/containerLogs\/([^/]+)\/([^/]+)\/([^/?]+)/.exec(req.url ?? '');
    const text = match ? logs.get(match.slice(1, 4).map(decodeURIComponent).join('/')) : undefined;
    if (text === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('container not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end(text);
  });
  return {
    server,
    setLog: (namespace, pod, container, text) => logs.set(`${namespace}/${pod}/${container}`, text),
  };
}

/**
 * Starts etcd + kube-apiserver on free loopback ports and prepares the cluster. Resolves once the
 * CRDs are Established and the nodes, storage classes and read-only role exist. Neither can be
 * told port 0, so a port taken between its choice and the bind starts it all again on new ones.
 */
export async function startCluster() {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startClusterOnce();
    } catch (err) {
      if (attempt >= 5 || !/address already in use/i.test(String(err?.message))) throw err;
    }
  }
}

async function startClusterOnce() {
  const binary = ensureApiserver();
  const dir = mkdtempSync(join(tmpdir(), 'stowage-kube-'));
  const children = [];
  let kubelet;
  // A test runner that exits without calling stop() must not leave etcd and the API server behind.
  const killOnExit = () => {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    for (const child of children.reverse()) await stopChild(child);
    if (kubelet) await new Promise((resolve) => kubelet.server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const [etcdClient, etcdPeer, securePort] = await Promise.all([freePort(), freePort(), freePort()]);
    children.push(
      spawnLogged(
        '/usr/bin/etcd',
        [
          `--data-dir=${join(dir, 'etcd')}`,
          `--listen-client-urls=http://127.0.0.1:${etcdClient}`,
          `--advertise-client-urls=http://127.0.0.1:${etcdClient}`,
          `--listen-peer-urls=http://127.0.0.1:${etcdPeer}`,
          `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeer}`,
          `--initial-cluster=default=http://127.0.0.1:${etcdPeer}`,
        ],
        join(dir, 'etcd.log'),
      ),
    );

    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    });
    writeFileSync(join(dir, 'sa.key'), privateKey, { mode: 0o600 });
    writeFileSync(join(dir, 'sa.pub'), publicKey);
    const adminToken = randomBytes(24).toString('hex');
    writeFileSync(join(dir, 'tokens.csv'), `${adminToken},stowage-admin,stowage-admin,"system:masters"\n`, {
      mode: 0o600,
    });
    const certDir = join(dir, 'certs');
    children.push(
      spawnLogged(
        binary,
        [
          `--etcd-servers=http://127.0.0.1:${etcdClient}`,
          '--bind-address=127.0.0.1',
          '--advertise-address=127.0.0.1',
          `--secure-port=${securePort}`,
          `--cert-dir=${certDir}`,
          `--token-auth-file=${join(dir, 'tokens.csv')}`,
          '--authorization-mode=RBAC',
          '--service-account-issuer=https://kubernetes.default.svc',
          `--service-account-key-file=${join(dir, 'sa.pub')}`,
          `--service-account-signing-key-file=${join(dir, 'sa.key')}`,
          '--service-cluster-ip-range=10.96.0.0/16',
          // No node controller lifts the not-ready taint this plugin puts on new nodes.
          '--disable-admission-plugins=ServiceAccount,TaintNodesByCondition',
          '--enable-priority-and-fairness=false',
          '--endpoint-reconciler-type=none',
          '--kubelet-preferred-address-types=InternalIP',
        ],
        join(dir, 'apiserver.log'),
      ),
    );
    const [etcd, apiserver] = children;

    // The API server writes a self-signed serving certificate followed by its CA.
    const certFile = join(certDir, 'apiserver.crt');
    const server = `https://127.0.0.1:${securePort}`;
    let caPem;
    for (let ready = false; !ready; await sleep(200)) {
      if (etcd.exitCode !== null) {
        throw new Error(`etcd exited: ${readFileSync(join(dir, 'etcd.log'), 'utf8').slice(-2000)}`);
      }
      if (apiserver.exitCode !== null) {
        throw new Error(
          `kube-apiserver exited: ${readFileSync(join(dir, 'apiserver.log'), 'utf8').slice(-2000)}`,
        );
      }
      if (!caPem && existsSync(certFile)) {
        const blocks = pemBlocks(readFileSync(certFile, 'utf8'));
        if (blocks.length > 0) caPem = blocks.at(-1);
      }
      if (!caPem) continue;
      const res = await call(server, caPem, adminToken, 'GET', '/readyz').catch(() => undefined);
      ready = res?.status === 200;
    }
    const api = (method, path, body, contentType) =>
      call(server, caPem, adminToken, method, path, body, contentType);
    const must = async (method, path, body, contentType, allowed = []) => {
      const res = await api(method, path, body, contentType);
      if (res.status >= 300 && !allowed.includes(res.status)) {
        throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
      }
      return res.body;
    };
    const mergePatch = 'application/merge-patch+json';

    for (const file of CRD_FILES) {
      for (const crd of loadAllYaml(readFileSync(join(sharedDataDir(), file), 'utf8'))) {
        // No operator runs here to convert v1 objects; v2 is the stored version and all we use.
        crd.spec.conversion = { strategy: 'None' };
        await must('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd);
        for (;;) {
          const current = await must(
            'GET',
            `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crd.metadata.name}`,
          );
          const established = current.status?.conditions?.some(
            (c) => c.type === 'Established' && c.status === 'True',
          );
          if (established) break;
          await sleep(100);
        }
      }
    }

    const certPem = readFileSync(certFile, 'utf8');
    kubelet = startKubelet(readFileSync(join(certDir, 'apiserver.key')), certPem);
    // A server of ours: port 0, and the port the OS picked goes into the nodes' status.
    await new Promise((resolve) => kubelet.server.listen(0, '127.0.0.1', resolve));
    const kubeletPort = kubelet.server.address().port;
    for (const node of NODES) {
      await must('POST', '/api/v1/nodes', {
        metadata: {
          name: node.name,
          labels: {
            'kubernetes.io/hostname': node.name,
            'kubernetes.io/os': 'linux',
            'topology.kubernetes.io/zone': node.zone,
          },
        },
        spec: { taints: node.taints },
      });
      const capacity = { memory: String(node.memory), cpu: '4', pods: '110' };
      await must(
        'PATCH',
        `/api/v1/nodes/${node.name}/status`,
        {
          status: {
            capacity,
            allocatable: capacity,
            addresses: [{ type: 'InternalIP', address: '127.0.0.1' }],
            daemonEndpoints: { kubeletEndpoint: { Port: kubeletPort } },
            conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'fake kubelet' }],
          },
        },
        mergePatch,
      );
    }
    for (const [i, name] of STORAGE_CLASSES.entries()) {
      await must('POST', '/apis/storage.k8s.io/v1/storageclasses', {
        metadata: {
          name,
          annotations: i === 0 ? { 'storageclass.kubernetes.io/is-default-class': 'true' } : {},
        },
        provisioner: 'kubernetes.io/no-provisioner',
        volumeBindingMode: 'WaitForFirstConsumer',
      });
    }
    await must('POST', '/apis/rbac.authorization.k8s.io/v1/clusterroles', {
      metadata: { name: READ_ONLY_CLUSTER_ROLE },
      rules: [
        { apiGroups: ['*'], resources: ['*'], verbs: ['get', 'list', 'watch'] },
        { nonResourceURLs: ['*'], verbs: ['get'] },
      ],
    });

    /** A real service-account JWT (TokenRequest), bound to `clusterRole` cluster-wide. */
    async function createServiceAccountToken(namespace, name, clusterRole) {
      await must('POST', '/api/v1/namespaces', { metadata: { name: namespace } }, undefined, [409]);
      await must(
        'POST',
        `/api/v1/namespaces/${namespace}/serviceaccounts`,
        { metadata: { name } },
        undefined,
        [409],
      );
      if (clusterRole) {
        await must(
          'POST',
          '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings',
          {
            metadata: { name: `${namespace}-${name}-${clusterRole}` },
            roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: clusterRole },
            subjects: [{ kind: 'ServiceAccount', name, namespace }],
          },
          undefined,
          [409],
        );
      }
      const review = await must('POST', `/api/v1/namespaces/${namespace}/serviceaccounts/${name}/token`, {
        apiVersion: 'authentication.k8s.io/v1',
        kind: 'TokenRequest',
        spec: { expirationSeconds: 3600 },
      });
      return review.status.token;
    }

    /**
     * Writes a Tenant's status through the status subresource, as the MinIO operator would; the
     * fields the CRD requires of a status are filled in unless given.
     */
    function setTenantStatus(namespace, name, status) {
      return must(
        'PATCH',
        `/apis/minio.min.io/v2/namespaces/${namespace}/tenants/${name}/status`,
        {
          status: {
            availableReplicas: 0,
            certificates: {},
            // 1.20 turns an empty string here into null, which the schema refuses: defaults are
            // what the operator writes first.
            currentState: 'Initialized',
            pools: [],
            revision: 0,
            syncVersion: 'v4.2.0',
            ...status,
          },
        },
        mergePatch,
      );
    }

    const kubeconfigPath = join(dir, 'kubeconfig');
    // JSON is YAML: kubectl and client-node read this file as it is.
    writeFileSync(
      kubeconfigPath,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [
          {
            name: 'stowage-test',
            cluster: { server, 'certificate-authority-data': Buffer.from(caPem).toString('base64') },
          },
        ],
        users: [{ name: 'stowage-admin', user: { token: adminToken } }],
        contexts: [{ name: 'stowage-test', context: { cluster: 'stowage-test', user: 'stowage-admin' } }],
        'current-context': 'stowage-test',
      }),
      { mode: 0o600 },
    );

    return {
      server,
      caPem,
      adminToken,
      kubeconfigPath,
      dir,
      kubeletPort,
      /** Raw admin call for test set-up: `{status, body}`. */
      api,
      createServiceAccountToken,
      createReadOnlyToken: (namespace = 'stowage-viewers', name = 'viewer') =>
        createServiceAccountToken(namespace, name, READ_ONLY_CLUSTER_ROLE),
      junkToken: JUNK_TOKEN,
      setTenantStatus,
      setPodLog: kubelet.setLog,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
