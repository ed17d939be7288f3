// biome-ignore-all lint/suspicious/noTemplateCurlyInString: IAM policy variables are literal ${...} text.
import { describe, expect, it } from 'vitest';
import { isPublicBucketPolicy } from './evaluate.js';
import { parsePolicy } from './parse.js';

type Json = Record<string, unknown>;

const policy = (...statements: Json[]) =>
  parsePolicy(JSON.stringify({ Version: '2012-10-17', Statement: statements }), {
    kind: 'bucket',
    bucket: 'site',
  });
const read = (extra: Json): Json => ({
  Effect: 'Allow',
  Action: 's3:GetObject',
  Resource: 'arn:aws:s3:::site/*',
  ...extra,
});

describe('isPublicBucketPolicy', () => {
  it.each<[string, Json[], boolean]>([
    ['Allow to "*"', [read({ Principal: '*' })], true],
    ['Allow to {"AWS": "*"}', [read({ Principal: { AWS: '*' } })], true],
    ['Allow to a named user', [read({ Principal: { AWS: 'arn:aws:iam::000000000000:user/alice' } })], false],
    ['Deny to "*" only', [read({ Effect: 'Deny', Principal: '*' })], false],
    // Refused when set now, yet a policy stored before keeps its meaning.
    ['Allow with NotPrincipal', [read({ NotPrincipal: { AWS: 'alice' } })], true],
    [
      'pinned to a private range',
      [read({ Principal: '*', Condition: { IpAddress: { 'aws:SourceIp': '10.0.0.0/8' } } })],
      false,
    ],
    [
      'pinned to an IPv6 /48',
      [read({ Principal: '*', Condition: { IpAddress: { 'aws:SourceIp': '2001:db8:1::/48' } } })],
      false,
    ],
    [
      'an address range that covers the internet',
      [read({ Principal: '*', Condition: { IpAddress: { 'aws:SourceIp': '0.0.0.0/1' } } })],
      true,
    ],
    [
      'NotIpAddress does not pin',
      [read({ Principal: '*', Condition: { NotIpAddress: { 'aws:SourceIp': '10.0.0.0/8' } } })],
      true,
    ],
    [
      'IfExists does not pin',
      [read({ Principal: '*', Condition: { IpAddressIfExists: { 'aws:SourceIp': '10.0.0.0/8' } } })],
      true,
    ],
    [
      'a fixed aws:SourceArn',
      [read({ Principal: '*', Condition: { ArnEquals: { 'aws:SourceArn': 'arn:aws:sns:us-east-1:1:t' } } })],
      false,
    ],
    [
      'a wildcard aws:SourceArn',
      [read({ Principal: '*', Condition: { ArnLike: { 'aws:SourceArn': 'arn:aws:sns:*:*:*' } } })],
      true,
    ],
    [
      'a fixed aws:SourceAccount',
      [read({ Principal: '*', Condition: { StringEquals: { 'aws:SourceAccount': '123456789012' } } })],
      false,
    ],
    [
      'a variable is not a fixed value',
      [read({ Principal: '*', Condition: { StringEquals: { 'aws:userid': '${aws:username}' } } })],
      true,
    ],
    [
      'a condition on an unrelated key',
      [read({ Principal: '*', Condition: { StringLike: { 's3:prefix': 'public/*' } } })],
      true,
    ],
    [
      'one public statement among private ones',
      [read({ Principal: { AWS: 'alice' } }), read({ Principal: '*' })],
      true,
    ],
  ])('%s', (_name, statements, expected) => {
    expect(isPublicBucketPolicy(policy(...statements))).toBe(expected);
  });
});
