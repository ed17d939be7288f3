import {
  actionMatches,
  type BucketDetails,
  type ListPoliciesResponse,
  type PrefixAccess,
} from '@stowage/contract';
import type { Credentials, MadminClient } from '@stowage/madmin';
import { storageCall } from '../../clients/errors.js';
import type { StorageGateway } from '../../clients/storage.js';
import { ApiError } from '../../http/errors.js';
import { rulesFromPolicy } from '../../session/grants.js';
import { accessRules, parseBucketPolicy, setPrefixAccess } from './anonymous-policy.js';
import { getBucket } from './manage.js';
import { readBucketPolicy, writeBucketPolicy } from './policy-text.js';
import { requireBucket } from './settings.js';

const ARN = 'arn:aws:s3:::';

/** Whether any allow of the policy can act on the bucket or on objects in it. */
export function policyReachesBucket(document: unknown, bucket: string): boolean {
  return rulesFromPolicy(document).some(
    (rule) =>
      rule.effect === 'Allow' &&
      !rule.notResource &&
      rule.actions.some((a) => a === '*' || a.startsWith('s3:')) &&
      (rule.resources.length === 0 ||
        rule.resources.some(
          (r) =>
            actionMatches(r, `${ARN}${bucket}`) ||
            actionMatches(r, `${ARN}${bucket}/`) ||
            r.startsWith(`${ARN}${bucket}/`),
        )),
  );
}

async function policiesReaching(admin: MadminClient, bucket: string): Promise<[string, unknown][]> {
  const all = await storageCall(admin.policies.list());
  return Object.entries(all)
    .filter(([, doc]) => policyReachesBucket(doc, bucket))
    .sort(([a], [b]) => a.localeCompare(b));
}

export async function listBucketPolicies(admin: MadminClient, bucket: string): Promise<ListPoliciesResponse> {
  const reaching = await policiesReaching(admin, bucket);
  return {
    policies: reaching.map(([name, doc]) => ({ name, policy: JSON.stringify(doc) })),
    total: reaching.length,
  };
}

/** Users allowed into the bucket by their own policies or their groups' (the access audit). */
export async function listBucketUsers(admin: MadminClient, bucket: string): Promise<string[]> {
  const reaching = new Set((await policiesReaching(admin, bucket)).map(([name]) => name));
  if (reaching.size === 0) return [];
  const users = await storageCall(admin.users.list());
  const groups = new Set(Object.values(users).flatMap((u) => u.memberOf ?? []));
  const groupReaches = new Map<string, boolean>();
  await Promise.all(
    [...groups].map(async (g) => {
      const d = await admin.groups.describe(g).catch(() => undefined);
      const names = (d?.policy ?? '').split(',').filter(Boolean);
      groupReaches.set(
        g,
        names.some((n) => reaching.has(n)),
      );
    }),
  );
  return Object.entries(users)
    .filter(
      ([, u]) =>
        (u.policyName ?? '').split(',').some((n) => reaching.has(n)) ||
        (u.memberOf ?? []).some((g) => groupReaches.get(g)),
    )
    .map(([accessKey]) => accessKey)
    .sort();
}

export async function setBucketAccess(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
  req: { access: 'PRIVATE' | 'PUBLIC' | 'CUSTOM'; definition?: string | undefined },
): Promise<BucketDetails> {
  const s3 = gateway.s3(session);
  if (req.access === 'CUSTOM') {
    if (!req.definition?.trim()) throw new ApiError('badRequest', 'body/definition is required for CUSTOM');
    try {
      JSON.parse(req.definition);
    } catch {
      throw new ApiError('badRequest', 'body/definition is not valid JSON', 'the policy is not valid JSON');
    }
    await storageCall(s3.setBucketPolicy(bucket, req.definition));
  } else {
    const current = parseBucketPolicy(await readBucketPolicy(s3, bucket));
    const next = setPrefixAccess(current, bucket, '', req.access === 'PUBLIC' ? 'readwrite' : 'none');
    await writeBucketPolicy(s3, bucket, next);
  }
  return getBucket(gateway, session, bucket);
}

export async function listAccessRules(gateway: StorageGateway, session: Credentials, bucket: string) {
  await requireBucket(gateway, session, bucket);
  const policy = parseBucketPolicy(await readBucketPolicy(gateway.s3(session), bucket));
  return { accessRules: accessRules(policy, bucket).filter((r) => r.prefix !== '') };
}

/** The prefix as a folder: rules apply below it, so `photos` and `photos/` are the same rule. */
const folder = (prefix: string) => (prefix.endsWith('/') ? prefix : `${prefix}/`);

export async function setAccessRule(
  gateway: StorageGateway,
  session: Credentials,
  bucket: string,
  prefix: string,
  access: PrefixAccess | 'none',
): Promise<void> {
  await requireBucket(gateway, session, bucket);
  const s3 = gateway.s3(session);
  const policy = parseBucketPolicy(await readBucketPolicy(s3, bucket));
  const key = folder(prefix.trim().replace(/^\/+/, ''));
  if (access === 'none' && !accessRules(policy, bucket).some((r) => r.prefix === key)) {
    throw new ApiError('notFound', `no access rule for ${key}`, `no access rule for ${key}`);
  }
  await writeBucketPolicy(s3, bucket, setPrefixAccess(policy, bucket, key, access));
}
