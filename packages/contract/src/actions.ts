/**
 * The IAM actions the console checks before it offers a control (POST /has-permission), so a
 * misspelt action is a type error rather than a button that never enables. The storage server
 * still decides every call; these only shape the screens.
 */
export const S3_ACTIONS = [
  's3:AbortMultipartUpload',
  's3:BypassGovernanceRetention',
  's3:CreateBucket',
  's3:DeleteBucket',
  's3:DeleteBucketPolicy',
  's3:DeleteObject',
  's3:DeleteObjectTagging',
  's3:DeleteObjectVersion',
  's3:GetBucketLocation',
  's3:GetBucketNotification',
  's3:GetBucketObjectLockConfiguration',
  's3:GetBucketPolicy',
  's3:GetBucketTagging',
  's3:GetBucketVersioning',
  's3:GetEncryptionConfiguration',
  's3:GetLifecycleConfiguration',
  's3:GetObject',
  's3:GetObjectLegalHold',
  's3:GetObjectRetention',
  's3:GetObjectTagging',
  's3:GetObjectVersion',
  's3:GetReplicationConfiguration',
  's3:HeadBucket',
  's3:ListBucket',
  's3:ListBucketMultipartUploads',
  's3:ListenBucketNotification',
  's3:ListMultipartUploadParts',
  's3:PutBucketNotification',
  's3:PutBucketObjectLockConfiguration',
  's3:PutBucketPolicy',
  's3:PutBucketTagging',
  's3:PutBucketVersioning',
  's3:PutEncryptionConfiguration',
  's3:PutLifecycleConfiguration',
  's3:PutObject',
  's3:PutObjectLegalHold',
  's3:PutObjectRetention',
  's3:PutObjectTagging',
  's3:PutReplicationConfiguration',
] as const;

export const ADMIN_ACTIONS = [
  'admin:AddUserToGroup',
  'admin:AttachUserOrGroupPolicy',
  'admin:BandwidthMonitor',
  'admin:ConfigUpdate',
  'admin:ConsoleLog',
  'admin:CreatePolicy',
  'admin:CreateServiceAccount',
  'admin:CreateUser',
  'admin:DeletePolicy',
  'admin:DeleteUser',
  'admin:DisableGroup',
  'admin:DisableUser',
  'admin:EnableGroup',
  'admin:EnableUser',
  'admin:GetBucketQuota',
  'admin:GetBucketTarget',
  'admin:GetGroup',
  'admin:GetPolicy',
  'admin:GetUser',
  'admin:Heal',
  'admin:KMSCreateKey',
  'admin:KMSKeyStatus',
  'admin:ListGroups',
  'admin:ListServiceAccounts',
  'admin:ListTier',
  'admin:ListUserPolicies',
  'admin:ListUsers',
  'admin:OBDInfo',
  'admin:Prometheus',
  'admin:RemoveServiceAccount',
  'admin:RemoveUserFromGroup',
  'admin:ServerInfo',
  'admin:ServerTrace',
  'admin:ServiceRestart',
  'admin:SetBucketQuota',
  'admin:SetBucketTarget',
  'admin:SetTier',
  'admin:UpdateServiceAccount',
] as const;

export type S3Action = (typeof S3_ACTIONS)[number];
export type AdminAction = (typeof ADMIN_ACTIONS)[number];
export type ConsoleAction = S3Action | AdminAction;

export const CONSOLE_ACTIONS: readonly ConsoleAction[] = [...S3_ACTIONS, ...ADMIN_ACTIONS];

export function isConsoleAction(value: string): value is ConsoleAction {
  return (CONSOLE_ACTIONS as readonly string[]).includes(value);
}
