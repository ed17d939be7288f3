import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { ServerConfigStore } from './config/store.js';
import { ErasureObjectLayer } from './engine/erasure/erasure-layer.js';
import { erasureParams } from './engine/erasure/params.js';
import { initDrives } from './engine/fs/drives.js';
import { createHttpServer } from './http/server.js';
import { CredentialStore } from './iam/credentials.js';
import type { RootCredentials } from './iam/root.js';
import { Bus, type LogEvent } from './observe/bus.js';
import { loadMasterKey } from './s3/kms.js';

export interface StoreOptions {
  /** Drive directories, in set order; created when missing. */
  drives: string[];
  /** Parity shards per object, 0 to drives/2; default half the drives (up to 4), 0 for one drive. */
  parity?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  rootCredentials: RootCredentials;
  /** Default us-east-1. */
  region?: string;
  log?: (line: string) => void;
}

export interface StoreHandle {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Opens the drives and serves S3, STS and the admin API until close(). */
export async function startStore(opts: StoreOptions): Promise<StoreHandle> {
  // Every line also feeds the admin API's console-log stream (the last 1000 are kept).
  const logs = new Bus<LogEvent>(1000);
  const log = (line: string) => {
    opts.log?.(line);
    logs.publish({
      time: new Date(),
      level: /\b(error|failed)\b/i.test(line) ? 'ERROR' : 'INFO',
      message: line,
    });
  };
  const region = opts.region ?? 'us-east-1';
  // Checked before touching the drives: a bad parity must not format anything.
  erasureParams(opts.drives.length, opts.parity);
  const set = await initDrives(opts.drives);
  const layer = await ErasureObjectLayer.open(set, {
    ...(opts.parity === undefined ? {} : { parity: opts.parity }),
    // Objects a read found damaged are healed in the background, a second later.
    autoHealMs: 1000,
    log,
  });
  // Drives formatted by this start get every object back, in the background.
  void layer.recoverFreshDrives().catch((err: unknown) => log(`healing fresh drives failed: ${String(err)}`));
  const credentials = await CredentialStore.open(layer.system, opts.rootCredentials);
  const masterKey = await loadMasterKey(layer.system);
  const config = await ServerConfigStore.open(layer.system);
  const server = createHttpServer(
    createApp({
      layer,
      system: layer.system,
      masterKey,
      credentials,
      config,
      logs,
      region,
      deploymentId: set.deploymentId,
      log,
    }),
  );

  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const { data, parity } = layer.params;
  log(
    `store listening on ${url} (${set.drives.length} drive(s), EC ${data}+${parity}, deployment ${set.deploymentId})`,
  );

  return {
    url,
    port,
    async close() {
      await new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
      await layer.shutdown();
    },
  };
}
