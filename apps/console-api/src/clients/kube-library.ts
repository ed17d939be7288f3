import type * as KubeClient from '@kubernetes/client-node';

/** `@kubernetes/client-node`'s exports: its API classes, KubeConfig, Log, ApiException. */
export type KubeLibrary = typeof KubeClient;

let library: KubeLibrary | undefined;

/**
 * Loads the Kubernetes client. Only operator mode talks to a cluster, and importing the package
 * alone adds about 84 MiB to a process's resident memory (its thousands of generated model
 * classes), so it is loaded when operator mode starts rather than by every console.
 */
export async function loadKubeLibrary(): Promise<KubeLibrary> {
  library ??= await import('@kubernetes/client-node');
  return library;
}

/** The loaded client; code that reaches a cluster runs only after operator mode has loaded it. */
export function k8s(): KubeLibrary {
  if (!library) throw new Error('the Kubernetes client is used before operator mode loaded it');
  return library;
}

/** The client if it is loaded: before that, no Kubernetes call can have been made. */
export function loadedKubeLibrary(): KubeLibrary | undefined {
  return library;
}
