import type { AccountInfo, BackendInfo } from '@stowage/madmin';
import type { RequestFacts } from '@stowage/policy';
import type { ServerConfig } from '../../config/kv.js';
import { reportedParities } from '../../config/storage-class.js';
import { BucketConfigStore } from '../../engine/bucket-config-store.js';
import type { QuotaValue } from '../../engine/bucket-settings.js';
import type { MaintenanceLayer, ObjectLayer } from '../../engine/object-layer.js';
import type { SystemStore } from '../../engine/system-store.js';
import { mergedPolicyDocument, policyNamesOf, rightsAllow, rightsOf } from '../../iam/rights.js';
import { bucketPolicy } from '../../s3/authorize.js';
import type { AdminCall } from '../call.js';
import { sizeHistogram } from '../size-histogram.js';

// GET /minio/admin/v3/accountinfo (madmin-protocol.md §3.10): the buckets the caller can
// read or write, with usage and access, and its policy (consoleAdmin for root).

/**
 * madmin's BackendInfo: capitalised keys, Type 2 = Erasure. The storage classes' layouts are
 * the ones new objects get (storage_class), as MinIO reports them.
 */
export function backendInfoJson(
  layer: MaintenanceLayer,
  endpoint: string,
  config: ServerConfig,
): BackendInfo {
  const info = layer.backendInfo();
  const { standard, rrs } = reportedParities(config, info);
  return {
    Type: info.kind === 'Erasure' ? 2 : 1,
    GatewayOnline: false,
    OnlineDisks: { [endpoint]: info.onlineDrives },
    OfflineDisks: { [endpoint]: info.drives - info.onlineDrives },
    StandardSCData: [info.setDrives - standard],
    StandardSCParity: standard,
    RRSCData: [info.setDrives - rrs],
    RRSCParity: rrs,
    TotalSets: [info.sets],
    DrivesPerSet: [info.setDrives],
  };
}

export async function accountInfo(
  layer: ObjectLayer & MaintenanceLayer,
  system: SystemStore,
  call: AdminCall,
  endpoint: string,
  config: ServerConfig,
): Promise<AccountInfo> {
  const { identity, iam, credentials } = call;
  const rights = rightsOf(iam, identity, credentials.rootAccessKey);
  const may = async (action: string, bucket: string) => {
    const facts: RequestFacts = {
      action,
      resource: `arn:aws:s3:::${bucket}`,
      principal: {
        type: 'user',
        arn: `arn:aws:iam:::user/${identity.parent}`,
        accessKey: identity.accessKey,
      },
      conditions: { 'aws:username': [identity.parent], 'aws:userid': [identity.parent] },
    };
    return rightsAllow(rights, facts, await bucketPolicy({ system }, bucket));
  };
  const configs = new BucketConfigStore(system);
  const all = await layer.listBuckets();
  const buckets = await Promise.all(
    all.map(async (b) => {
      const read = (await may('s3:ListBucket', b.name)) || (await may('s3:GetBucketLocation', b.name));
      const write = await may('s3:PutObject', b.name);
      if (!read && !write) return undefined;
      const [usage, versioning, lock, quota, replication] = await Promise.all([
        layer.bucketUsage(b.name).catch(() => ({ size: 0, objects: 0, sizes: [] as number[] })),
        configs.get(b.name, 'versioning') as Promise<{ status?: string } | undefined>,
        configs.get(b.name, 'object-lock'),
        configs.get(b.name, 'quota') as Promise<QuotaValue | undefined>,
        configs.get(b.name, 'replication'),
      ]);
      return {
        name: b.name,
        size: usage.size,
        objects: usage.objects,
        objectHistogram: sizeHistogram(usage.sizes),
        details: {
          versioning: versioning?.status === 'Enabled',
          versioningSuspended: versioning?.status === 'Suspended',
          locking: lock !== undefined,
          replication: replication !== undefined,
          tags: null,
          quota: quota ? { quota: quota.quota, quotatype: quota.quotatype } : null,
        },
        created: b.created.toISOString(),
        access: { read, write },
      };
    }),
  );
  return {
    AccountName: identity.subject ?? identity.parent,
    Server: backendInfoJson(layer, endpoint, config),
    Policy: mergedPolicyDocument(
      iam,
      identity.parent,
      credentials.rootAccessKey,
      identity.policies ?? policyNamesOf(iam, identity.parent, identity.groups),
    ),
    Buckets: buckets.filter((b) => b !== undefined),
  };
}
