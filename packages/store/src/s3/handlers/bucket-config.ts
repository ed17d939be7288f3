import { configStore } from '../../engine/bucket-settings.js';
import { TierStore } from '../../tiers/tiers.js';
import { ApiError } from '../../wire/errors.js';
import { emptyReply, type Reply } from '../../wire/reply.js';
import type { S3Call, S3Deps } from '../call.js';
import { policyStatusReply } from '../config/policy.js';
import { CONFIG_SPECS } from '../config/specs.js';
import type { S3Operation } from '../router.js';
import { readDocument } from './document-body.js';

type ConfigOp = Extract<S3Operation, { op: 'GetBucketConfig' | 'PutBucketConfig' | 'DeleteBucketConfig' }>;

export async function getBucketConfig(deps: S3Deps, op: ConfigOp): Promise<Reply> {
  await deps.layer.getBucketInfo(op.bucket);
  const spec = CONFIG_SPECS[op.kind];
  const stored = await configStore(deps).get(op.bucket, op.kind);
  if (stored !== undefined) return spec.render(stored);
  if (typeof spec.missing === 'string') throw new ApiError(spec.missing);
  return spec.missing();
}

export async function putBucketConfig(deps: S3Deps, call: S3Call, op: ConfigOp): Promise<Reply> {
  await deps.layer.getBucketInfo(op.bucket);
  const spec = CONFIG_SPECS[op.kind];
  const body = await readDocument(call, spec.maxBody, {
    ...(spec.integrityRequired ? { integrityRequired: true } : {}),
    ...(spec.tooLarge ? { tooLarge: spec.tooLarge() } : {}),
  });
  const configs = configStore(deps);
  const value = await spec.parse(body, {
    bucket: op.bucket,
    configs,
    region: deps.region,
    notificationArns: deps.notificationArns(),
    tierNames: async () => (await new TierStore(deps.system).list()).map((t) => t.Name),
    kmsKeyId: deps.kms?.id,
  });
  await configs.put(op.bucket, op.kind, value);
  return emptyReply(spec.putStatus ?? 200);
}

export async function deleteBucketConfig(deps: S3Deps, op: ConfigOp): Promise<Reply> {
  await deps.layer.getBucketInfo(op.bucket);
  await configStore(deps).delete(op.bucket, op.kind);
  return emptyReply(204);
}

export async function getBucketPolicyStatus(deps: S3Deps, bucket: string): Promise<Reply> {
  await deps.layer.getBucketInfo(bucket);
  return policyStatusReply(await configStore(deps).get(bucket, 'policy'), bucket);
}
