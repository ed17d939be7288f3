import { matchWildcard } from './wildcard.js';

// Action names a policy may use. Taken from MinIO's policy package (github.com/minio/pkg,
// policy/s3-action.go, admin-action.go, kms-action.go, sts-action.go); a pattern is valid when
// it matches at least one of them, as MinIO's Action.IsValid does. Names compare
// case-insensitively, as AWS does (MinIO compares them exactly).

/** Object-level S3 actions: their resources must name objects (`bucket/key`). */
const S3_OBJECT_ACTIONS = [
  's3:AbortMultipartUpload',
  's3:DeleteObject',
  's3:GetObject',
  's3:ListMultipartUploadParts',
  's3:PutObject',
  's3:BypassGovernanceRetention',
  's3:PutObjectRetention',
  's3:GetObjectRetention',
  's3:PutObjectLegalHold',
  's3:GetObjectLegalHold',
  's3:GetObjectTagging',
  's3:PutObjectTagging',
  's3:DeleteObjectTagging',
  's3:GetObjectVersion',
  's3:GetObjectVersionTagging',
  's3:DeleteObjectVersion',
  's3:DeleteObjectVersionTagging',
  's3:PutObjectVersionTagging',
  's3:ReplicateObject',
  's3:ReplicateDelete',
  's3:ReplicateTags',
  's3:GetObjectVersionForReplication',
  's3:RestoreObject',
  's3:ResetBucketReplicationState',
  's3:PutObjectFanOut',
  's3:GetObjectAttributes',
  's3:GetObjectVersionAttributes',
];

const S3_BUCKET_ACTIONS = [
  's3:CreateBucket',
  's3:DeleteBucket',
  's3:ForceDeleteBucket',
  's3:DeleteBucketPolicy',
  's3:GetBucketLocation',
  's3:GetBucketNotification',
  's3:GetBucketPolicy',
  's3:HeadBucket',
  's3:ListAllMyBuckets',
  's3:ListBucket',
  's3:GetBucketPolicyStatus',
  's3:ListBucketVersions',
  's3:ListBucketMultipartUploads',
  's3:ListenNotification',
  's3:ListenBucketNotification',
  's3:PutLifecycleConfiguration',
  's3:GetLifecycleConfiguration',
  's3:PutBucketNotification',
  's3:PutBucketPolicy',
  's3:GetBucketObjectLockConfiguration',
  's3:PutBucketObjectLockConfiguration',
  's3:GetBucketTagging',
  's3:PutBucketTagging',
  's3:PutEncryptionConfiguration',
  's3:GetEncryptionConfiguration',
  's3:PutBucketVersioning',
  's3:GetBucketVersioning',
  's3:GetReplicationConfiguration',
  's3:PutReplicationConfiguration',
  // Later MinIO releases add bucket CORS; accepting the names costs nothing.
  's3:GetBucketCors',
  's3:PutBucketCors',
  's3:DeleteBucketCors',
];

const ADMIN_ACTIONS = [
  'admin:Heal',
  'admin:Decommission',
  'admin:Rebalance',
  'admin:StorageInfo',
  'admin:Prometheus',
  'admin:DataUsageInfo',
  'admin:ForceUnlock',
  'admin:TopLocksInfo',
  'admin:Profiling',
  'admin:ServerTrace',
  'admin:ConsoleLog',
  'admin:KMSCreateKey',
  'admin:KMSKeyStatus',
  'admin:ServerInfo',
  'admin:OBDInfo',
  'admin:LicenseInfo',
  'admin:BandwidthMonitor',
  'admin:InspectData',
  'admin:ServerUpdate',
  'admin:ServiceRestart',
  'admin:ServiceStop',
  'admin:ServiceFreeze',
  'admin:ConfigUpdate',
  'admin:CreateUser',
  'admin:DeleteUser',
  'admin:ListUsers',
  'admin:EnableUser',
  'admin:DisableUser',
  'admin:GetUser',
  'admin:SiteReplicationAdd',
  'admin:SiteReplicationDisable',
  'admin:SiteReplicationRemove',
  'admin:SiteReplicationResync',
  'admin:SiteReplicationInfo',
  'admin:SiteReplicationOperation',
  'admin:CreateServiceAccount',
  'admin:UpdateServiceAccount',
  'admin:RemoveServiceAccount',
  'admin:ListServiceAccounts',
  'admin:ListTemporaryAccounts',
  'admin:AddUserToGroup',
  'admin:RemoveUserFromGroup',
  'admin:GetGroup',
  'admin:ListGroups',
  'admin:EnableGroup',
  'admin:DisableGroup',
  'admin:CreatePolicy',
  'admin:DeletePolicy',
  'admin:GetPolicy',
  'admin:AttachUserOrGroupPolicy',
  'admin:UpdatePolicyAssociation',
  'admin:ListUserPolicies',
  'admin:SetBucketQuota',
  'admin:GetBucketQuota',
  'admin:SetBucketTarget',
  'admin:GetBucketTarget',
  'admin:ReplicationDiff',
  'admin:ImportBucketMetadata',
  'admin:ExportBucketMetadata',
  'admin:SetTier',
  'admin:ListTier',
  'admin:ExportIAM',
  'admin:ImportIAM',
  'admin:ListBatchJobs',
  'admin:DescribeBatchJob',
  'admin:StartBatchJob',
  'admin:CancelBatchJob',
  'admin:GenerateBatchJob',
];

const KMS_ACTIONS = [
  'kms:CreateKey',
  'kms:DeleteKey',
  'kms:ListKeys',
  'kms:ImportKey',
  'kms:DescribePolicy',
  'kms:AssignPolicy',
  'kms:DeletePolicy',
  'kms:SetPolicy',
  'kms:GetPolicy',
  'kms:ListPolicies',
  'kms:DescribeIdentity',
  'kms:DescribeSelfIdentity',
  'kms:DeleteIdentity',
  'kms:ListIdentities',
  'kms:KeyStatus',
  'kms:Status',
  'kms:API',
  'kms:Metrics',
  'kms:Version',
  'kms:AuditLog',
  'kms:ErrorLog',
];

// MinIO's STS endpoints; MinIO itself only names AssumeRoleWithWebIdentity.
const STS_ACTIONS = [
  'sts:AssumeRole',
  'sts:AssumeRoleWithWebIdentity',
  'sts:AssumeRoleWithLDAPIdentity',
  'sts:AssumeRoleWithClientGrants',
  'sts:AssumeRoleWithCertificate',
  'sts:AssumeRoleWithCustomToken',
];

export const S3_ACTIONS: readonly string[] = [...S3_OBJECT_ACTIONS, ...S3_BUCKET_ACTIONS];
export const KNOWN_ACTIONS: readonly string[] = [
  ...S3_ACTIONS,
  ...ADMIN_ACTIONS,
  ...KMS_ACTIONS,
  ...STS_ACTIONS,
];

const objectActions = new Set(S3_OBJECT_ACTIONS.map((action) => action.toLowerCase()));

export function actionMatches(pattern: string, action: string): boolean {
  return matchWildcard(pattern, action, { ignoreCase: true });
}

/** A pattern is valid when it names at least one known action. */
export function isKnownActionPattern(pattern: string): boolean {
  return KNOWN_ACTIONS.some((action) => actionMatches(pattern, action));
}

export function isObjectAction(action: string): boolean {
  return objectActions.has(action.toLowerCase());
}

/** S3 actions a statement's Action (or NotAction) element can grant or deny. */
export function s3ActionsCovered(element: { actions?: readonly string[]; notActions?: readonly string[] }) {
  if (element.actions) {
    return S3_ACTIONS.filter((action) => element.actions?.some((pattern) => actionMatches(pattern, action)));
  }
  return S3_ACTIONS.filter(
    (action) => !element.notActions?.some((pattern) => actionMatches(pattern, action)),
  );
}

/**
 * MinIO ignores Resource for admin, KMS and STS statements (its diagnostics policy pairs admin
 * actions with `arn:aws:s3:::*`), so such a statement is judged on its actions alone.
 */
export function namesNonS3Action(actions: readonly string[] | undefined): boolean {
  return (actions ?? []).some((pattern) => /^(admin|kms|sts):/i.test(pattern));
}
