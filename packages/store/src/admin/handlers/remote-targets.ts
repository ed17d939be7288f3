import { BucketConfigStore } from '../../engine/bucket-config-store.js';
import type { ObjectLayer } from '../../engine/object-layer.js';
import type { SystemStore } from '../../engine/system-store.js';
import type { OutboundPolicy } from '../../net/outbound.js';
import {
  type BucketTarget,
  decodeTargets,
  parseTarget,
  sameRemote,
  withoutSecret,
} from '../../replication/targets.js';
import { replicationTargets } from '../../s3/config/documents.js';
import { ApiError } from '../../wire/errors.js';
import { emptyReply, jsonReply, type Reply } from '../../wire/reply.js';
import { type AdminCall, jsonObject } from '../call.js';
import { remoteBucketState } from './remote-bucket.js';

// Remote targets of a bucket (madmin-protocol.md §3.7): checked against the remote before
// they are kept (reachable, bucket present and versioned), secrets never shown again.

export interface TargetDeps {
  layer: ObjectLayer;
  system: SystemStore;
  region: string;
  /** Where remotes may be (STOWAGE_OUTBOUND_ALLOW). */
  outbound: OutboundPolicy;
}

const targetsOf = async (configs: BucketConfigStore, bucket: string) =>
  decodeTargets(await configs.get(bucket, 'targets'));

export async function setRemoteTargetReply(
  call: AdminCall,
  deps: TargetDeps,
  bucket: string,
  update: boolean,
  host: string,
): Promise<Reply> {
  call.require('admin:SetBucketTarget');
  await deps.layer.getBucketInfo(bucket);
  const configs = new BucketConfigStore(deps.system);
  const versioning = (await configs.get(bucket, 'versioning')) as { status?: string } | undefined;
  if (versioning?.status !== 'Enabled') throw new ApiError('ReplicationSourceNotVersionedError');
  const target = parseTarget(jsonObject(await call.secretBody()), bucket, deps.region);
  if (target.endpoint === host && target.targetbucket === bucket)
    throw new ApiError('XMinioAdminRemoteIdenticalToSource');
  const state = await remoteBucketState(
    {
      endpoint: target.endpoint,
      secure: target.secure,
      bucket: target.targetbucket,
      accessKey: target.credentials.accessKey,
      secretKey: target.credentials.secretKey ?? '',
      region: target.omitempty ?? '',
    },
    deps.outbound,
    'XMinioAdminReplicationRemoteConnectionError',
  );
  if (state === 'unreachable' || state === 'denied')
    throw new ApiError('XMinioAdminReplicationRemoteConnectionError');
  if (state === 'missing') throw new ApiError('ReplicationDestinationNotFoundError');
  if (state === 'unversioned') throw new ApiError('RemoteTargetNotVersionedError');
  // MinIO reports a failed versioning query as a connection error; a server that has no
  // versioning API is reachable but can never keep versions, which is the clearer refusal.
  if (state === 'no-versioning')
    throw new ApiError(
      'RemoteTargetNotVersionedError',
      `Replication target ${target.endpoint} does not implement bucket versioning`,
    );
  const targets = await targetsOf(configs, bucket);
  let arn: string;
  if (update) {
    const i = targets.findIndex((t) => t.arn === target.arn);
    if (i < 0) throw new ApiError('XMinioAdminRemoteTargetNotFoundError');
    targets[i] = target;
    arn = target.arn;
  } else {
    const existing = targets.find((t) => sameRemote(t, target));
    if (existing) return jsonReply(existing.arn);
    targets.push(target);
    arn = target.arn;
  }
  await configs.put(bucket, 'targets', targets);
  return jsonReply(arn);
}

export async function listRemoteTargetsReply(
  call: AdminCall,
  deps: TargetDeps,
  bucket: string,
  type: string,
): Promise<Reply> {
  call.require('admin:GetBucketTarget');
  await deps.layer.getBucketInfo(bucket);
  const targets = (await targetsOf(new BucketConfigStore(deps.system), bucket)).filter(
    (t) => type === '' || t.type === type,
  );
  if (targets.length === 0) throw new ApiError('XMinioAdminRemoteTargetNotFoundError');
  return jsonReply(targets.map(withoutSecret));
}

export async function removeRemoteTargetReply(
  call: AdminCall,
  deps: TargetDeps,
  bucket: string,
  arn: string,
): Promise<Reply> {
  call.require('admin:SetBucketTarget');
  await deps.layer.getBucketInfo(bucket);
  const configs = new BucketConfigStore(deps.system);
  const targets: BucketTarget[] = await targetsOf(configs, bucket);
  const left = targets.filter((t) => t.arn !== arn);
  if (left.length === targets.length) throw new ApiError('XMinioAdminRemoteTargetNotFoundError');
  // A rule replicating to it would replicate nowhere: the rule goes first (as MinIO asks).
  const rules = (await configs.get(bucket, 'replication')) as { xml: string } | undefined;
  if (rules && replicationTargets(rules.xml).includes(arn))
    throw new ApiError('XMinioAdminRemoteRemoveDisallowed');
  if (left.length === 0) await configs.delete(bucket, 'targets');
  else await configs.put(bucket, 'targets', left);
  return emptyReply(204);
}
