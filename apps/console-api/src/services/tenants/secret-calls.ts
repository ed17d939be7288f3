import type { CoreV1Api } from '@kubernetes/client-node';
import type { Secret } from './kube-types.js';

// Secret writes shared by tenant create and update image.

/**
 * GET, then UPDATE or CREATE: a mutable secret (the registry login) that may already exist.
 * The update keeps the stored object's identity and resourceVersion and takes our labels and data.
 */
export async function upsertSecret(core: CoreV1Api, namespace: string, secret: Secret): Promise<void> {
  const name = secret.metadata.name;
  const existing = await core.readNamespacedSecret({ namespace, name }).catch((err: unknown) => {
    if ((err as { code?: unknown })?.code === 404) return undefined;
    throw err;
  });
  if (!existing) {
    await core.createNamespacedSecret({ namespace, body: secret });
    return;
  }
  const metadata = {
    ...existing.metadata,
    ...secret.metadata,
    resourceVersion: existing.metadata?.resourceVersion,
  };
  await core.replaceNamespacedSecret({ namespace, name, body: { ...secret, metadata } });
}
