// The names an IAM or bucket policy may use, as the store accepts them (MinIO's policy package:
// s3-action.go, admin-action.go, kms-action.go, sts-action.go, condition/keyname.go). Pure
// lists shared by the console's policy studio and checked against the store's own lists by
// apps/console-api/src/policy-catalogue.test.ts, so the two cannot drift apart. Imported as
// @stowage/contract/policy-catalogue, not through the index, so only the screens that edit
// policies load it.

/** Object-level S3 actions: their resources name objects (`arn:aws:s3:::bucket/key`). */
export const POLICY_S3_OBJECT_ACTIONS = [
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
] as const;

/** Bucket-level S3 actions: their resources name buckets (`arn:aws:s3:::bucket`). */
export const POLICY_S3_BUCKET_ACTIONS = [
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
  's3:GetBucketCors',
  's3:PutBucketCors',
  's3:DeleteBucketCors',
] as const;

/** The admin API's actions (identity policies only). */
export const POLICY_ADMIN_ACTIONS = [
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
] as const;

/** The KMS actions (identity policies only). */
export const POLICY_KMS_ACTIONS = [
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
] as const;

/** The STS actions (identity policies only). */
export const POLICY_STS_ACTIONS = [
  'sts:AssumeRole',
  'sts:AssumeRoleWithWebIdentity',
  'sts:AssumeRoleWithLDAPIdentity',
  'sts:AssumeRoleWithClientGrants',
  'sts:AssumeRoleWithCertificate',
  'sts:AssumeRoleWithCustomToken',
] as const;

/** Every action name a policy may use, in the store's order. */
export const POLICY_ACTIONS: readonly string[] = [
  ...POLICY_S3_OBJECT_ACTIONS,
  ...POLICY_S3_BUCKET_ACTIONS,
  ...POLICY_ADMIN_ACTIONS,
  ...POLICY_KMS_ACTIONS,
  ...POLICY_STS_ACTIONS,
];

/** Condition operators; each may take `ForAnyValue:`/`ForAllValues:` before it and `IfExists` after it (not Null). */
export const POLICY_CONDITION_OPERATORS = [
  'StringEquals',
  'StringNotEquals',
  'StringEqualsIgnoreCase',
  'StringNotEqualsIgnoreCase',
  'StringLike',
  'StringNotLike',
  'NumericEquals',
  'NumericNotEquals',
  'NumericLessThan',
  'NumericLessThanEquals',
  'NumericGreaterThan',
  'NumericGreaterThanEquals',
  'DateEquals',
  'DateNotEquals',
  'DateLessThan',
  'DateLessThanEquals',
  'DateGreaterThan',
  'DateGreaterThanEquals',
  'Bool',
  'BinaryEquals',
  'IpAddress',
  'NotIpAddress',
  'ArnEquals',
  'ArnLike',
  'ArnNotEquals',
  'ArnNotLike',
  'Null',
] as const;

/** Condition keys the store fills in for a request. */
export const POLICY_CONDITION_KEYS = [
  's3:signatureversion',
  's3:authType',
  's3:signatureAge',
  's3:x-amz-copy-source',
  's3:x-amz-server-side-encryption',
  's3:x-amz-server-side-encryption-customer-algorithm',
  's3:x-amz-metadata-directive',
  's3:x-amz-storage-class',
  's3:x-amz-server-side-encryption-aws-kms-key-id',
  's3:x-amz-content-sha256',
  's3:x-amz-acl',
  's3:x-amz-grant-full-control',
  's3:x-amz-grant-read',
  's3:x-amz-grant-read-acp',
  's3:x-amz-grant-write',
  's3:x-amz-grant-write-acp',
  's3:x-amz-website-redirect-location',
  's3:if-match',
  's3:if-none-match',
  's3:prefix',
  's3:delimiter',
  's3:max-keys',
  's3:versionid',
  's3:object-lock-mode',
  's3:object-lock-legal-hold',
  's3:object-lock-retain-until-date',
  's3:object-lock-remaining-retention-days',
  's3:RequestObjectTagKeys',
  'aws:Referer',
  'aws:SourceIp',
  'aws:UserAgent',
  'aws:SecureTransport',
  'aws:CurrentTime',
  'aws:EpochTime',
  'aws:principaltype',
  'aws:userid',
  'aws:username',
  'aws:groups',
  'ldap:user',
  'ldap:username',
  'ldap:groups',
  'jwt:sub',
] as const;

/** Keys that name a tag after the slash: `s3:ExistingObjectTag/<tag-key>`. */
export const POLICY_TAG_KEY_PREFIXES = ['s3:ExistingObjectTag/', 's3:RequestObjectTag/'] as const;

/** The elements of a policy document and of one of its statements, as the store spells them. */
export const POLICY_ELEMENTS = ['Version', 'Id', 'Statement'] as const;
export const POLICY_STATEMENT_ELEMENTS = [
  'Sid',
  'Effect',
  'Principal',
  'NotPrincipal',
  'Action',
  'NotAction',
  'Resource',
  'NotResource',
  'Condition',
] as const;

/** The policy versions the store accepts; 2012-10-17 is the current one (policy variables). */
export const POLICY_VERSIONS = ['2012-10-17', '2008-10-17'] as const;

export type PolicyActionKind = 'read' | 'write' | 'list' | 'admin';

/** How the studio groups an action: admin, KMS and STS are `admin`; S3 by its verb. */
export function policyActionKind(action: string): PolicyActionKind {
  const [service = '', name = ''] = action.split(':');
  if (service.toLowerCase() !== 's3') return 'admin';
  if (/^list/i.test(name)) return 'list';
  if (/^(get|head)/i.test(name)) return 'read';
  return 'write';
}
