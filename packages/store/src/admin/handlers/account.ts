import type { AccountInfo, BackendInfo } from '@stowage/madmin';
import type { ObjectLayer } from '../../engine/object-layer.js';
import type { Identity } from '../../iam/credentials.js';
import { CANNED_POLICY_DOCUMENTS } from '../../iam/policy/index.js';

// GET /minio/admin/v3/accountinfo (madmin-protocol.md §3.10). Root and its temporary
// credentials hold consoleAdmin, so every bucket is readable and writable for them.

/** madmin's BackendInfo: capitalised keys, Type 2 = Erasure. */
export function backendInfoJson(layer: ObjectLayer, endpoint: string): BackendInfo {
  const info = layer.backendInfo();
  return {
    Type: info.kind === 'Erasure' ? 2 : 1,
    GatewayOnline: false,
    OnlineDisks: { [endpoint]: info.onlineDrives },
    OfflineDisks: { [endpoint]: info.drives - info.onlineDrives },
    StandardSCData: [info.dataShards],
    StandardSCParity: info.parityShards,
    RRSCData: [info.dataShards],
    RRSCParity: info.parityShards,
    TotalSets: [1],
    DrivesPerSet: [info.drives],
  };
}

export async function accountInfo(
  layer: ObjectLayer,
  identity: Identity,
  endpoint: string,
): Promise<AccountInfo> {
  const buckets = await layer.listBuckets();
  const usage = await Promise.all(
    buckets.map((b) =>
      layer.bucketUsage(b.name).catch(() => ({ size: 0, objects: 0, versions: 0, deleteMarkers: 0 })),
    ),
  );
  return {
    AccountName: identity.parent,
    Server: backendInfoJson(layer, endpoint),
    Policy: CANNED_POLICY_DOCUMENTS.consoleAdmin,
    Buckets: buckets.map((b, i) => ({
      name: b.name,
      size: usage[i]!.size,
      objects: usage[i]!.objects,
      objectHistogram: {},
      details: {
        versioning: false,
        versioningSuspended: false,
        locking: false,
        replication: false,
        tags: null,
        quota: null,
      },
      created: b.created.toISOString(),
      access: { read: true, write: true },
    })),
  };
}
