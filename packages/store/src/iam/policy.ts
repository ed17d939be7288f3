import type { PolicyDocument } from '@stowage/madmin';

// Canned policies. Evaluation arrives with the IAM policy engine; for now root and its
// temporary credentials are the only identities, and they hold consoleAdmin.

export const CONSOLE_ADMIN_POLICY: PolicyDocument = {
  Version: '2012-10-17',
  Statement: [
    { Effect: 'Allow', Action: ['admin:*'] },
    { Effect: 'Allow', Action: ['kms:*'] },
    { Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::*'] },
  ],
};
