import type { PolicyDocument } from '@stowage/madmin';
import { parsePolicy } from './parse.js';
import type { Policy } from './types.js';

// MinIO's built-in ("canned") policies, as defined by DefaultPolicies in minio/pkg
// policy/constants.go (the v1.6-era definitions MinIO RELEASE.2023-01-31 ships; later releases
// add a Deny of admin:CreateUser to readonly and more policies). `NewResource("*")` there is
// `arn:aws:s3:::*`; an empty resource set is an omitted Resource. Documents are written the
// way MinIO serialises them: Action and Resource always arrays.

export const CANNED_POLICY_NAMES = [
  'readwrite',
  'readonly',
  'writeonly',
  'diagnostics',
  'consoleAdmin',
] as const;
export type CannedPolicyName = (typeof CANNED_POLICY_NAMES)[number];

const VERSION = '2012-10-17';
const ALL_BUCKETS = ['arn:aws:s3:::*'];

export const CANNED_POLICY_DOCUMENTS: Readonly<Record<CannedPolicyName, PolicyDocument>> = {
  readwrite: {
    Version: VERSION,
    Statement: [{ Effect: 'Allow', Action: ['s3:*'], Resource: ALL_BUCKETS }],
  },
  readonly: {
    Version: VERSION,
    Statement: [{ Effect: 'Allow', Action: ['s3:GetBucketLocation', 's3:GetObject'], Resource: ALL_BUCKETS }],
  },
  writeonly: {
    Version: VERSION,
    Statement: [{ Effect: 'Allow', Action: ['s3:PutObject'], Resource: ALL_BUCKETS }],
  },
  diagnostics: {
    Version: VERSION,
    Statement: [
      {
        Effect: 'Allow',
        Action: [
          'admin:Profiling',
          'admin:ServerTrace',
          'admin:ConsoleLog',
          'admin:ServerInfo',
          'admin:TopLocksInfo',
          'admin:OBDInfo',
          'admin:BandwidthMonitor',
          'admin:Prometheus',
        ],
        Resource: ALL_BUCKETS,
      },
    ],
  },
  consoleAdmin: {
    Version: VERSION,
    Statement: [
      { Effect: 'Allow', Action: ['admin:*'] },
      { Effect: 'Allow', Action: ['kms:*'] },
      { Effect: 'Allow', Action: ['s3:*'], Resource: ALL_BUCKETS },
    ],
  },
};

export function isCannedPolicyName(name: string): name is CannedPolicyName {
  return (CANNED_POLICY_NAMES as readonly string[]).includes(name);
}

const parsed = new Map<CannedPolicyName, Policy>();

/** The canned policy in evaluable form; parsed once, so treat the result as read-only. */
export function cannedPolicy(name: CannedPolicyName): Policy {
  let policy = parsed.get(name);
  if (!policy) {
    policy = parsePolicy(JSON.stringify(CANNED_POLICY_DOCUMENTS[name]), { kind: 'identity' });
    parsed.set(name, policy);
  }
  return policy;
}
