import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { canI, type KubeCluster, kubeConfigFor, SERVICE_ACCOUNT_DIR } from '../../clients/kube.js';
import { TENANT_GROUP } from '../tenants/kube-types.js';
import { type LicenseContext, readStoredLicense, refreshSubscription } from './license-calls.js';
import type { SubnetSettings } from './subnet-client.js';

// Operator mode renews the SUBNET licence once a day, as the original console did. No user is
// there to lend a token, so the console acts as itself: the service account of its own pod
// (the token file Kubernetes mounts and rotates), or a token file the operator names. Without
// one there is no identity to act as, and the refresh is skipped.

export const LICENSE_REFRESH_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * The console's own token file: `STOWAGE_OPERATOR_TOKEN_FILE`, else the pod's service-account
 * token when the cluster is the pod's own (no kubeconfig given); undefined outside a pod.
 */
export function ownTokenFile(
  kubeconfig: string | undefined,
  env: NodeJS.ProcessEnv,
  dir = SERVICE_ACCOUNT_DIR,
): string | undefined {
  const named = env.STOWAGE_OPERATOR_TOKEN_FILE?.trim();
  if (named) return named;
  const usesKubeconfig =
    kubeconfig !== undefined || Boolean(env.KUBECONFIG?.split(':').some((p) => p !== ''));
  return !usesKubeconfig && env.KUBERNETES_SERVICE_HOST ? join(dir, 'token') : undefined;
}

/** Runs `task` every `ms` until the returned function is called. */
export type Every = (ms: number, task: () => void) => () => void;

const realEvery: Every = (ms, task) => {
  const timer = setInterval(task, ms);
  timer.unref();
  return () => clearInterval(timer);
};

export interface LicenseRefreshOptions {
  cluster: KubeCluster;
  subnet: SubnetSettings;
  /** The console's own service-account token file; see `ownTokenFile`. */
  tokenFile?: string;
  /** Where the outcome goes (the CLI prints it); tokens and licences are never written. */
  log: (line: string) => void;
  every?: Every;
  now?: () => number;
}

export interface LicenseRefresh {
  /** One refresh now (what the timer runs); never throws. */
  run(): Promise<void>;
  stop(): void;
}

function readToken(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

export function scheduleLicenseRefresh(options: LicenseRefreshOptions): LicenseRefresh {
  let toldSkipped = false;
  const skip = (why: string) => {
    if (!toldSkipped) options.log(`licence refresh skipped: ${why}`);
    toldSkipped = true;
  };
  let running: Promise<void> | undefined;
  const refresh = async () => {
    if (!options.tokenFile) return skip('the console has no service account of its own (not in a pod)');
    const token = readToken(options.tokenFile);
    if (!token) return skip(`no token in ${options.tokenFile}`);
    toldSkipped = false;
    const ctx: LicenseContext = {
      kc: kubeConfigFor(options.cluster, token),
      namespace: options.cluster.namespace,
      subnet: options.subnet,
      ...(options.now ? { now: options.now } : {}),
    };
    try {
      // Nothing to renew without a licence: SUBNET is not called.
      if (!(await readStoredLicense(ctx))) return;
      // The deployment's own account may keep its licence secret and nothing more
      // (deploy/kubernetes/console.yaml): tenants then get the renewed licence when a user who may
      // change them uses Refresh or Activate, and are not restarted daily behind anyone's back.
      const intoTenants = await canI(ctx.kc, { verb: 'list', group: TENANT_GROUP, resource: 'tenants' });
      const license = await refreshSubscription(ctx, { intoTenants });
      options.log(
        `licence refreshed: ${license.plan} for ${license.organization}, expires ${license.expires_at}` +
          (intoTenants ? '' : '; tenants keep theirs until Refresh or Activate is used in the console'),
      );
    } catch (err) {
      const error = err as Error & { detailedMessage?: string };
      options.log(
        `licence refresh failed: ${error.message}${error.detailedMessage ? ` (${error.detailedMessage})` : ''}`,
      );
    }
  };
  const run = () => {
    running ??= refresh().finally(() => {
      running = undefined;
    });
    return running;
  };
  // Without an identity nothing could ever run: say so at start, and set no timer.
  if (!options.tokenFile) {
    void refresh();
    return { run, stop: () => undefined };
  }
  const stop = (options.every ?? realEvery)(LICENSE_REFRESH_INTERVAL_MS, () => void run());
  return { run, stop };
}
