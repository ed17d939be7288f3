import { describe, expect, it } from 'vitest';
import { assertSupportedConditionKeys, isSupportedConditionKey } from './condition-keys.js';
import { parsePolicy } from './parse.js';

describe('supported condition keys', () => {
  it.each([
    'aws:SourceIp',
    'AWS:SOURCEIP',
    's3:prefix',
    's3:ExistingObjectTag/team',
    's3:RequestObjectTag/a b',
    's3:signatureAge',
    's3:x-amz-content-sha256',
    's3:x-amz-grant-full-control',
    's3:x-amz-website-redirect-location',
    'ldap:username',
    'aws:groups',
    'jwt:sub',
  ])('accepts %s', (key) => expect(isSupportedConditionKey(key)).toBe(true));

  it.each([
    's3:fooBar',
    'aws:SourceIpAddress',
    's3:ExistingObjectTag/',
    's3:ExistingObjectTag',
    'jwt:favourite',
    // In MinIO's list, but nothing here fills them in: refused rather than never matching.
    'jwt:email',
    'jwt:groups',
    's3:LocationConstraint',
    'prefix',
    '',
  ])('refuses %j', (key) => expect(isSupportedConditionKey(key)).toBe(false));

  it('names the statement and the key when refusing a policy', () => {
    const policy = parsePolicy(
      JSON.stringify({
        Version: '2012-10-17',
        Statement: [
          { Effect: 'Allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::b/*' },
          {
            Sid: 'typo',
            Effect: 'Deny',
            Action: 's3:GetObject',
            Resource: 'arn:aws:s3:::b/*',
            Condition: { StringEquals: { 's3:prefx': 'a' } },
          },
        ],
      }),
      { kind: 'identity' },
    );
    expect(() => assertSupportedConditionKeys(policy)).toThrow(
      `Statement 2 (Sid "typo"): invalid condition key 's3:prefx'`,
    );
  });
});
