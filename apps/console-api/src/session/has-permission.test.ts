import { describe, expect, test } from 'vitest';
import { rulesFromPolicy } from './grants.js';
import { hasPermission } from './has-permission.js';

const policy = (...Statement: object[]) => rulesFromPolicy({ Version: '2012-10-17', Statement });

describe('hasPermission', () => {
  test('wildcards in actions and resources; object actions are judged on bucket/*', () => {
    const rules = policy(
      {
        Effect: 'Allow',
        Action: ['s3:Get*', 's3:ListBucket'],
        Resource: ['arn:aws:s3:::photos', 'arn:aws:s3:::photos/*'],
      },
      { Effect: 'Allow', Action: ['s3:PutObject'], Resource: ['arn:aws:s3:::up?oads/*'] },
    );
    expect(hasPermission(rules, 's3:GetObject', 'photos')).toBe(true);
    expect(hasPermission(rules, 's3:ListBucket', 'photos')).toBe(true);
    expect(hasPermission(rules, 's3:GetObject', 'other')).toBe(false);
    expect(hasPermission(rules, 's3:PutObject', 'uploads')).toBe(true);
    expect(hasPermission(rules, 's3:PutObject', 'up-loads')).toBe(false);
    // Asked without a bucket: allowed somewhere.
    expect(hasPermission(rules, 's3:PutObject')).toBe(true);
    expect(hasPermission(rules, 's3:DeleteObject')).toBe(false);
    // Bucket-level action on an object-only resource: not granted.
    expect(hasPermission(rules, 's3:ListBucket', 'uploads')).toBe(false);
  });

  test('an explicit deny wins; a deny on some buckets does not deny the action everywhere', () => {
    const rules = policy(
      { Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::*'] },
      { Effect: 'Deny', Action: ['s3:DeleteObject'], Resource: ['arn:aws:s3:::audit/*'] },
      { Effect: 'Deny', Action: ['s3:PutBucketPolicy'] },
    );
    expect(hasPermission(rules, 's3:DeleteObject', 'audit')).toBe(false);
    expect(hasPermission(rules, 's3:DeleteObject', 'photos')).toBe(true);
    expect(hasPermission(rules, 's3:DeleteObject')).toBe(true);
    expect(hasPermission(rules, 's3:PutBucketPolicy', 'photos')).toBe(false);
    expect(hasPermission(rules, 's3:PutBucketPolicy')).toBe(false);
  });

  test('NotAction and NotResource; conditions are read hopefully', () => {
    const rules = policy(
      { Effect: 'Allow', NotAction: ['s3:DeleteBucket'], Resource: ['arn:aws:s3:::*'] },
      { Effect: 'Deny', Action: ['s3:PutObject'], NotResource: ['arn:aws:s3:::inbox/*'] },
      {
        Effect: 'Deny',
        Action: ['s3:GetObject'],
        Resource: ['*'],
        Condition: { IpAddress: { 'aws:SourceIp': '10.0.0.0/8' } },
      },
    );
    expect(hasPermission(rules, 's3:DeleteBucket', 'x')).toBe(false);
    expect(hasPermission(rules, 's3:CreateBucket', 'x')).toBe(true);
    expect(hasPermission(rules, 's3:PutObject', 'inbox')).toBe(true);
    expect(hasPermission(rules, 's3:PutObject', 'outbox')).toBe(false);
    expect(hasPermission(rules, 's3:GetObject', 'inbox')).toBe(true);
  });

  test('admin actions and a policy that does not parse', () => {
    const admin = policy({ Effect: 'Allow', Action: ['admin:*'] });
    expect(hasPermission(admin, 'admin:ServerInfo')).toBe(true);
    expect(hasPermission(admin, 's3:GetObject', 'b')).toBe(false);
    expect(hasPermission(rulesFromPolicy('{not json'), 'admin:ServerInfo')).toBe(false);
    expect(hasPermission(rulesFromPolicy(undefined), 's3:GetObject')).toBe(false);
  });
});
