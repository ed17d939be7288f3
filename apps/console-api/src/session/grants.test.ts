import { describe, expect, test } from 'vitest';
import { grantsFromPolicy } from './grants.js';

describe('grantsFromPolicy', () => {
  test('collects allowed actions from every statement, string or list, deduplicated', () => {
    const grants = grantsFromPolicy({
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Action: ['admin:*'] },
        { Effect: 'Allow', Action: 's3:*', Resource: ['arn:aws:s3:::*'] },
        { Effect: 'Allow', Action: ['s3:*'] },
      ],
    });
    expect(grants).toEqual({ allow: ['admin:*', 's3:*'], deny: [] });
  });

  test('a deny counts only when it covers every resource without conditions', () => {
    const grants = grantsFromPolicy({
      Statement: [
        { Effect: 'Deny', Action: ['admin:ServerInfo'] },
        { Effect: 'Deny', Action: ['s3:PutObject'], Resource: ['arn:aws:s3:::bucket/private/*'] },
        {
          Effect: 'Deny',
          Action: ['s3:DeleteObject'],
          Resource: '*',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        },
        { Effect: 'Deny', Action: ['s3:DeleteBucket'], Resource: 'arn:aws:s3:::*' },
      ],
    });
    expect(grants.deny).toEqual(['admin:ServerInfo', 's3:DeleteBucket']);
  });

  test('accepts a JSON string, a single statement object, and tolerates junk', () => {
    expect(grantsFromPolicy('{"Statement":{"Effect":"Allow","Action":"s3:GetObject"}}').allow).toEqual([
      's3:GetObject',
    ]);
    expect(grantsFromPolicy('not json')).toEqual({ allow: [], deny: [] });
    expect(grantsFromPolicy(null)).toEqual({ allow: [], deny: [] });
    expect(
      grantsFromPolicy({ Statement: [null, 3, { Effect: 'Allow', Action: [1, 's3:ListBucket'] }] }).allow,
    ).toEqual(['s3:ListBucket']);
  });
});
