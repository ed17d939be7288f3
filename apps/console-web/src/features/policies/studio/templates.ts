// biome-ignore-all lint/suspicious/noTemplateCurlyInString: IAM policy variables are literal ${...} text.
import type { PolicyKind } from './lintPolicy.js';

// Documents to start from. A bucket policy's statements name who they are for (Principal);
// a user or group policy's never do.

export const POLICY_TEMPLATES = ['readOnly', 'dropBox', 'userHome'] as const;
export type PolicyTemplate = (typeof POLICY_TEMPLATES)[number];

type Statement = Record<string, unknown>;

const arn = (bucket: string, path?: string) =>
  `arn:aws:s3:::${bucket}${path === undefined ? '' : `/${path}`}`;

const STATEMENTS: Record<PolicyTemplate, (bucket: string) => Statement[]> = {
  readOnly: (bucket) => [
    {
      Sid: 'ReadOnlyBucket',
      Effect: 'Allow',
      Action: ['s3:GetBucketLocation', 's3:ListBucket'],
      Resource: [arn(bucket)],
    },
    { Sid: 'ReadOnlyObjects', Effect: 'Allow', Action: ['s3:GetObject'], Resource: [arn(bucket, '*')] },
  ],
  // Uploads only: nothing can be listed, read back or deleted.
  dropBox: (bucket) => [
    { Sid: 'DropBoxUpload', Effect: 'Allow', Action: ['s3:PutObject'], Resource: [arn(bucket, '*')] },
  ],
  // Each user lists and works in home/<their name>/ only; listing the way there is allowed.
  userHome: (bucket) => [
    {
      Sid: 'ListOwnHome',
      Effect: 'Allow',
      Action: ['s3:ListBucket'],
      Resource: [arn(bucket)],
      Condition: { StringLike: { 's3:prefix': ['', 'home/', 'home/${aws:username}/*'] } },
    },
    {
      Sid: 'OwnHomeObjects',
      Effect: 'Allow',
      Action: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
      Resource: [arn(bucket, 'home/${aws:username}/*')],
    },
  ],
};

/** The template's document for a bucket, as the editor shows documents. */
export function templateDocument(template: PolicyTemplate, bucket: string, kind: PolicyKind): string {
  const statements = STATEMENTS[template](bucket).map((statement) =>
    kind === 'bucket'
      ? { Sid: statement.Sid, Effect: statement.Effect, Principal: { AWS: ['*'] }, ...statement }
      : statement,
  );
  return JSON.stringify({ Version: '2012-10-17', Statement: statements }, null, 2);
}
