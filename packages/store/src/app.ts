import { adminProtocol, minioMiscProtocol } from './admin/protocol.js';
import type { ObjectLayer } from './engine/object-layer.js';
import type { SystemStore } from './engine/system-store.js';
import type { RequestContext } from './http/context.js';
import type { Log, Protocol, ServerDeps } from './http/server.js';
import type { CredentialStore } from './iam/credentials.js';
import { fromEngineError } from './s3/errors.js';
import { s3Protocol } from './s3/protocol.js';
import { isStsRequest, stsProtocol } from './sts/protocol.js';

export interface AppDeps {
  layer: ObjectLayer;
  /** Defaults to the layer's own system namespace when it has one (FsObjectLayer does). */
  system?: SystemStore;
  credentials: CredentialStore;
  region: string;
  deploymentId: string;
  log: Log;
}

/** Which protocol serves a request: admin and STS routes come before S3, as in MinIO. */
// store.ts does not hand the system namespace over yet; every engine so far exposes it as
// `layer.system`, so take it from there until startStore passes it explicitly.
function systemOf(deps: AppDeps): SystemStore {
  if (deps.system) return deps.system;
  const layer: ObjectLayer & { system?: SystemStore } = deps.layer;
  if (!layer.system) throw new Error('createApp: no system namespace (pass deps.system)');
  return layer.system;
}

export function createApp(deps: AppDeps): ServerDeps {
  const lookup = (accessKey: string) => deps.credentials.lookup(accessKey);
  const admin = adminProtocol({ layer: deps.layer, lookup, deploymentId: deps.deploymentId });
  const misc = minioMiscProtocol(deps.deploymentId);
  const sts = stsProtocol({ credentials: deps.credentials, region: deps.region });
  const s3 = s3Protocol({
    layer: deps.layer,
    system: systemOf(deps),
    region: deps.region,
    lookup,
    deploymentId: deps.deploymentId,
  });

  return {
    select(ctx: RequestContext): Protocol {
      if (ctx.rawPath.startsWith('/minio/admin/')) return admin;
      if (ctx.rawPath.startsWith('/minio/health/') || ctx.rawPath.startsWith('/minio/kms/')) return misc;
      if (isStsRequest(ctx)) return sts;
      return s3;
    },
    mapError: fromEngineError,
    log: deps.log,
  };
}
