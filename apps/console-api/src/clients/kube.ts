import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KubeConfig } from '@kubernetes/client-node';
import { ApiError } from '../http/errors.js';
import { k8s, loadedKubeLibrary, loadKubeLibrary } from './kube-library.js';

/** The Kubernetes API server operator mode talks to: where it is and the CA its certificate chains to. */
export interface KubeCluster {
  server: string;
  /** PEM; undefined trusts the system's CAs. */
  caPem?: string;
  /** Skip certificate checks: only when the kubeconfig says so (insecure-skip-tls-verify). */
  skipTLSVerify?: boolean;
  /** The console's own namespace (licence secret lives there); `default` outside a pod. */
  namespace: string;
}

export const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

/**
 * The cluster a kubeconfig file's current context names. Only its address and CA are taken:
 * every call is made with the logged-in user's own token, never the file's credentials.
 */
export async function clusterFromKubeconfig(path: string): Promise<KubeCluster> {
  const { KubeConfig } = await loadKubeLibrary();
  const kc = new KubeConfig();
  try {
    kc.loadFromFile(path);
  } catch (err) {
    throw new Error(`cannot read the kubeconfig ${path}: ${(err as Error).message}`);
  }
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new Error(`the kubeconfig ${path} names no current cluster`);
  const caPem = cluster.caData
    ? Buffer.from(cluster.caData, 'base64').toString('utf8')
    : cluster.caFile
      ? readFileSync(cluster.caFile, 'utf8')
      : undefined;
  return {
    server: cluster.server.replace(/\/$/, ''),
    ...(caPem ? { caPem } : {}),
    ...(cluster.skipTLSVerify ? { skipTLSVerify: true } : {}),
    namespace: kc.getContextObject(kc.getCurrentContext())?.namespace ?? 'default',
  };
}

/** The cluster a pod runs in, from the service-account environment Kubernetes mounts into it. */
export function clusterInPod(env: NodeJS.ProcessEnv, dir = SERVICE_ACCOUNT_DIR): KubeCluster {
  const host = env.KUBERNETES_SERVICE_HOST;
  const port = env.KUBERNETES_SERVICE_PORT;
  if (!host || !port) throw new Error('KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT are not set');
  const read = (name: string) => {
    try {
      return readFileSync(join(dir, name), 'utf8');
    } catch {
      return undefined;
    }
  };
  const caPem = read('ca.crt');
  if (!caPem) throw new Error(`no cluster CA at ${join(dir, 'ca.crt')}`);
  return {
    server: `https://${host.includes(':') ? `[${host}]` : host}:${port}`,
    caPem,
    namespace: read('namespace')?.trim() || 'default',
  };
}

/**
 * `--kubeconfig FILE`, else the first file of KUBECONFIG, else the pod's service-account
 * environment. Operator mode starts here, so the Kubernetes client is loaded here.
 */
export async function resolveKubeCluster(
  kubeconfig: string | undefined,
  env: NodeJS.ProcessEnv,
  dir = SERVICE_ACCOUNT_DIR,
): Promise<KubeCluster> {
  await loadKubeLibrary();
  const file = kubeconfig ?? env.KUBECONFIG?.split(':').find((p) => p !== '');
  if (file) return clusterFromKubeconfig(file);
  if (env.KUBERNETES_SERVICE_HOST) return clusterInPod(env, dir);
  throw new Error('operator mode needs --kubeconfig FILE, KUBECONFIG, or to run in a Kubernetes pod');
}

/** A client configuration acting as the holder of `token`: the session's own rights, nothing more. */
export function kubeConfigFor(cluster: KubeCluster, token: string): KubeConfig {
  const { KubeConfig } = k8s();
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [
      {
        name: 'cluster',
        server: cluster.server,
        ...(cluster.caPem ? { caData: Buffer.from(cluster.caPem).toString('base64') } : {}),
        skipTLSVerify: cluster.skipTLSVerify ?? false,
      },
    ],
    users: [{ name: 'session', token }],
    contexts: [{ name: 'session', cluster: 'cluster', user: 'session' }],
    currentContext: 'session',
  });
  return kc;
}

/**
 * Kubernetes failures in the console's error shape (reference/operator.md §2.1): 401, 403 and 404
 * keep their meaning, a refused body is a bad request, a stale write a conflict; the API
 * server's own message is the detail.
 */
export function fromKubeError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const ApiException = loadedKubeLibrary()?.ApiException;
  if (ApiException && err instanceof ApiException) {
    const status = err.code;
    const body = parseStatus(err.body);
    const detail = body?.message ?? `Kubernetes answered ${status}`;
    if (status === 401) return new ApiError('kubeUnauthorized', detail);
    if (status === 403) return new ApiError('kubeForbidden', detail);
    if (status === 404) return new ApiError('notFound', detail);
    if (status === 409)
      return new ApiError(body?.reason === 'AlreadyExists' ? 'conflict' : 'kubeConflict', detail);
    if (status === 400 || status === 422) return new ApiError('badRequest', detail);
    return new ApiError('kubeError', detail);
  }
  const error = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const code = error?.code ?? error?.cause?.code;
  if (code && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|EAI_AGAIN)$/.test(code)) {
    return new ApiError('kubeUnreachable', error.message);
  }
  return new ApiError('kubeError', error instanceof Error ? error.message : String(err));
}

function parseStatus(body: unknown): { message?: string; reason?: string } | undefined {
  if (typeof body === 'object' && body !== null) return body as { message?: string; reason?: string };
  if (typeof body !== 'string' || body === '') return undefined;
  try {
    return JSON.parse(body) as { message?: string; reason?: string };
  } catch {
    return { message: body };
  }
}

/**
 * Whether the API server accepts a token: `GET /api` with it, as the original console did. Any
 * answer but 2xx is a failed login; an unreachable server is not the user's fault.
 */
export async function checkToken(cluster: KubeCluster, token: string): Promise<void> {
  try {
    await kubeConfigFor(cluster, token).makeApiClient(k8s().CoreApi).getAPIVersions();
  } catch (err) {
    const error = fromKubeError(err);
    if (error.code === 'kubeUnreachable') throw error;
    throw new ApiError('invalidLogin', error.detailedMessage);
  }
}

/** A question the API server's RBAC answers for the token holder (SelfSubjectAccessReview). */
export interface AccessQuestion {
  verb: string;
  group: string;
  resource: string;
  /** Omitted: in every namespace. */
  namespace?: string;
  /** One object by name, for rights a Role grants on named objects only (`resourceNames`). */
  name?: string;
}

export async function canI(kc: KubeConfig, q: AccessQuestion): Promise<boolean> {
  const review = await kc.makeApiClient(k8s().AuthorizationV1Api).createSelfSubjectAccessReview({
    body: {
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SelfSubjectAccessReview',
      spec: {
        resourceAttributes: {
          verb: q.verb,
          group: q.group,
          resource: q.resource,
          ...(q.namespace ? { namespace: q.namespace } : {}),
          ...(q.name ? { name: q.name } : {}),
        },
      },
    },
  });
  return review.status?.allowed === true;
}

/**
 * Refuses (403) before the first write when RBAC would refuse any of `questions`: a change the
 * cluster stops halfway leaves more mess than one it never starts.
 */
export async function requireRights(kc: KubeConfig, questions: AccessQuestion[]): Promise<void> {
  const answers = await Promise.all(questions.map((q) => canI(kc, q))).catch((err: unknown) => {
    throw fromKubeError(err);
  });
  const refused = questions.find((_, i) => !answers[i]);
  if (refused) {
    const where = refused.namespace ? ` in the namespace "${refused.namespace}"` : '';
    throw new ApiError('kubeForbidden', `cannot ${refused.verb} resource "${refused.resource}"${where}`);
  }
}

/** A JWT's claims, unverified: only read after the API server has accepted the token. */
function jwtClaims(token: string): Record<string, unknown> {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null ? claims : {};
  } catch {
    return {};
  }
}

/** The user a service-account JWT names, for display. */
export function tokenSubject(token: string): string {
  const { sub } = jwtClaims(token);
  return typeof sub === 'string' ? sub : '';
}

/** When a JWT stops being valid (ms since the epoch); tokens without `exp` last as long as the session. */
export function tokenExpiry(token: string): number {
  const { exp } = jwtClaims(token);
  return typeof exp === 'number' ? exp * 1000 : Number.POSITIVE_INFINITY;
}
