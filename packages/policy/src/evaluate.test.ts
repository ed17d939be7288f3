// biome-ignore-all lint/suspicious/noTemplateCurlyInString: IAM policy variables are literal ${...} text.
import { describe, expect, it } from 'vitest';
import { cannedPolicy } from './canned.js';
import {
  evaluate,
  explain,
  explainAccess,
  explainRights,
  isAllowed,
  type RequestPrincipal,
} from './evaluate.js';
import { parsePolicy } from './parse.js';
import type { Policy } from './types.js';

type Json = Record<string, unknown>;

const identityPolicy = (statements: Json[], version = '2012-10-17'): Policy =>
  parsePolicy(JSON.stringify({ Version: version, Statement: statements }), { kind: 'identity' });
const bucketPolicy = (statements: Json[]): Policy =>
  parsePolicy(JSON.stringify({ Version: '2012-10-17', Statement: statements }), {
    kind: 'bucket',
    bucket: 'photos',
  });

const alice: RequestPrincipal = {
  type: 'user',
  arn: 'arn:aws:iam::000000000000:user/alice',
  accessKey: 'alice',
};
const bob: RequestPrincipal = { type: 'user', arn: 'arn:aws:iam::000000000000:user/bob', accessKey: 'bob' };
const anonymous: RequestPrincipal = { type: 'anonymous' };

const obj = (key: string) => `arn:aws:s3:::${key}`;
const allow = (action: string | string[], resource: string | string[], extra: Json = {}): Json => ({
  Effect: 'Allow',
  Action: action,
  Resource: resource,
  ...extra,
});
const deny = (action: string | string[], resource: string | string[], extra: Json = {}): Json => ({
  ...allow(action, resource, extra),
  Effect: 'Deny',
});
const everyone = { Principal: '*' };
const allPhotos = obj('photos/*');
/** An allow-all-reads statement guarded by one condition. */
const readIf = (condition: Json): Json => allow('s3:GetObject', allPhotos, { Condition: condition });
const denyIf = (condition: Json): Json => deny('s3:GetObject', allPhotos, { Condition: condition });

interface Case {
  name: string;
  identity?: Json[];
  moreIdentity?: Json[];
  canned?: Parameters<typeof cannedPolicy>[0];
  version?: string;
  bucket?: Json[];
  action?: string;
  resource?: string | null;
  principal?: RequestPrincipal | null;
  conditions?: Record<string, string[]>;
  allowed: boolean;
}

const cases: Case[] = [
  // Deny beats allow, and allow beats the implicit deny.
  { name: 'a matching allow', identity: [allow('s3:GetObject', allPhotos)], allowed: true },
  {
    name: 'no matching statement is an implicit deny',
    identity: [allow('s3:PutObject', allPhotos)],
    allowed: false,
  },
  { name: 'no policies at all', allowed: false },
  {
    name: 'deny beats allow in the same policy',
    identity: [allow('s3:*', obj('*')), deny('s3:GetObject', allPhotos)],
    allowed: false,
  },
  {
    name: 'deny in one identity policy beats allow in another',
    identity: [allow('s3:GetObject', allPhotos)],
    moreIdentity: [deny('s3:GetObject', obj('*'))],
    allowed: false,
  },
  {
    name: 'bucket deny beats identity allow',
    identity: [allow('s3:GetObject', allPhotos)],
    bucket: [deny('s3:GetObject', allPhotos, everyone)],
    allowed: false,
  },
  {
    name: 'identity deny beats bucket allow',
    identity: [deny('s3:GetObject', allPhotos)],
    bucket: [allow('s3:GetObject', allPhotos, everyone)],
    allowed: false,
  },
  {
    name: 'bucket allow alone is enough for a user',
    bucket: [allow('s3:GetObject', allPhotos, everyone)],
    allowed: true,
  },
  {
    name: 'prefix deny beats a bucket-wide allow (inside the prefix)',
    identity: [allow('s3:*', [obj('photos'), allPhotos]), deny('s3:GetObject', obj('photos/private/*'))],
    resource: obj('photos/private/secret.jpg'),
    allowed: false,
  },
  {
    name: 'prefix deny leaves the rest of the bucket allowed',
    identity: [allow('s3:*', [obj('photos'), allPhotos]), deny('s3:GetObject', obj('photos/private/*'))],
    resource: obj('photos/public/cat.jpg'),
    allowed: true,
  },

  // NotAction and NotResource.
  {
    name: 'NotAction allows what it does not list',
    identity: [{ Effect: 'Allow', NotAction: 's3:DeleteObject', Resource: allPhotos }],
    allowed: true,
  },
  {
    name: 'NotAction does not allow what it lists',
    identity: [{ Effect: 'Allow', NotAction: 's3:DeleteObject', Resource: allPhotos }],
    action: 's3:DeleteObject',
    allowed: false,
  },
  {
    name: 'Deny with NotAction denies everything else',
    identity: [allow('s3:*', obj('*')), { Effect: 'Deny', NotAction: 's3:GetObject', Resource: obj('*') }],
    action: 's3:PutObject',
    allowed: false,
  },
  {
    name: 'Deny with NotAction spares the listed action',
    identity: [allow('s3:*', obj('*')), { Effect: 'Deny', NotAction: 's3:GetObject', Resource: obj('*') }],
    allowed: true,
  },
  {
    name: 'NotResource allows outside the excluded prefix',
    identity: [{ Effect: 'Allow', Action: 's3:GetObject', NotResource: obj('photos/private/*') }],
    allowed: true,
  },
  {
    name: 'NotResource does not allow inside the excluded prefix',
    identity: [{ Effect: 'Allow', Action: 's3:GetObject', NotResource: obj('photos/private/*') }],
    resource: obj('photos/private/a.jpg'),
    allowed: false,
  },
  {
    name: 'Deny with NotResource fences a user into one bucket (outside)',
    identity: [
      allow('s3:*', obj('*')),
      { Effect: 'Deny', Action: 's3:*', NotResource: [obj('photos'), allPhotos] },
    ],
    resource: obj('other/file'),
    allowed: false,
  },
  {
    name: 'Deny with NotResource fences a user into one bucket (inside)',
    identity: [
      allow('s3:*', obj('*')),
      { Effect: 'Deny', Action: 's3:*', NotResource: [obj('photos'), allPhotos] },
    ],
    allowed: true,
  },

  // Action wildcards are case-insensitive; resources are case-sensitive.
  {
    name: 's3:Get* covers GetObjectTagging',
    identity: [allow('s3:Get*', allPhotos)],
    action: 's3:GetObjectTagging',
    allowed: true,
  },
  {
    name: 's3:Get* does not cover PutObject',
    identity: [allow('s3:Get*', allPhotos)],
    action: 's3:PutObject',
    allowed: false,
  },
  { name: 'action names ignore case', identity: [allow('S3:getobject', allPhotos)], allowed: true },
  {
    name: '? in an action matches one character',
    identity: [allow('s3:GetObjec?', allPhotos)],
    allowed: true,
  },
  {
    name: '"*" covers every s3 action',
    identity: [allow('*', obj('*'))],
    action: 's3:PutObject',
    allowed: true,
  },
  {
    name: 's3:* does not cover admin actions',
    identity: [allow('s3:*', obj('*'))],
    action: 'admin:ServerInfo',
    resource: null,
    allowed: false,
  },
  {
    name: 'resources are case-sensitive',
    identity: [allow('s3:GetObject', obj('Photos/*'))],
    allowed: false,
  },
  {
    name: 'resource wildcards span slashes',
    identity: [allow('s3:GetObject', obj('photos/*.jpg'))],
    resource: obj('photos/2024/06/cat.jpg'),
    allowed: true,
  },
  {
    name: 'resource wildcard suffix must match',
    identity: [allow('s3:GetObject', obj('photos/*.jpg'))],
    resource: obj('photos/cat.png'),
    allowed: false,
  },
  {
    name: 'a bucket ARN does not cover its objects',
    identity: [allow('s3:*', obj('photos'))],
    allowed: false,
  },
  {
    name: 'a bucket ARN covers bucket actions',
    identity: [allow('s3:ListBucket', obj('photos'))],
    action: 's3:ListBucket',
    resource: obj('photos'),
    allowed: true,
  },

  // Canned policies and resource-less actions.
  {
    name: 'consoleAdmin allows admin actions',
    canned: 'consoleAdmin',
    action: 'admin:CreateUser',
    resource: null,
    allowed: true,
  },
  {
    name: 'consoleAdmin allows kms actions',
    canned: 'consoleAdmin',
    action: 'kms:CreateKey',
    resource: null,
    allowed: true,
  },
  {
    name: 'diagnostics ignores its s3 Resource for admin actions',
    canned: 'diagnostics',
    action: 'admin:ServerInfo',
    resource: null,
    allowed: true,
  },
  {
    name: 'diagnostics does not allow user management',
    canned: 'diagnostics',
    action: 'admin:CreateUser',
    resource: null,
    allowed: false,
  },
  {
    name: 'readonly allows GetObject in any bucket',
    canned: 'readonly',
    resource: obj('any/key'),
    allowed: true,
  },
  { name: 'readonly does not allow PutObject', canned: 'readonly', action: 's3:PutObject', allowed: false },
  { name: 'writeonly allows PutObject', canned: 'writeonly', action: 's3:PutObject', allowed: true },
  {
    name: 'readwrite allows the account-level ListAllMyBuckets',
    canned: 'readwrite',
    action: 's3:ListAllMyBuckets',
    resource: null,
    allowed: true,
  },
  {
    name: 'a bucket-scoped grant does not allow ListAllMyBuckets',
    identity: [allow('s3:*', [obj('photos'), allPhotos])],
    action: 's3:ListAllMyBuckets',
    resource: null,
    allowed: false,
  },
  {
    name: 'NotAction with an s3 Resource does not grant admin actions',
    identity: [{ Effect: 'Allow', NotAction: 's3:DeleteObject', Resource: obj('*') }],
    action: 'admin:CreateUser',
    resource: null,
    allowed: false,
  },

  // Policy variables.
  {
    name: '${aws:username} in a resource matches the caller',
    identity: [allow('s3:GetObject', obj('home/${aws:username}/*'))],
    resource: obj('home/alice/notes.txt'),
    conditions: { 'aws:username': ['alice'] },
    allowed: true,
  },
  {
    name: "${aws:username} does not match another user's home",
    identity: [allow('s3:GetObject', obj('home/${aws:username}/*'))],
    resource: obj('home/bob/notes.txt'),
    conditions: { 'aws:username': ['alice'] },
    allowed: false,
  },
  {
    name: 'an absent variable matches nothing',
    identity: [allow('s3:GetObject', obj('home/${aws:username}/*'))],
    resource: obj('home//notes.txt'),
    allowed: false,
  },
  {
    name: 'a substituted value is literal, not a wildcard',
    identity: [allow('s3:GetObject', obj('home/${aws:username}/*'))],
    resource: obj('home/ab/notes.txt'),
    conditions: { 'aws:username': ['a*'] },
    allowed: false,
  },
  {
    name: 'a substituted value with * matches itself',
    identity: [allow('s3:GetObject', obj('home/${aws:username}/*'))],
    resource: obj('home/a*/notes.txt'),
    conditions: { 'aws:username': ['a*'] },
    allowed: true,
  },
  {
    name: '${jwt:sub} from the context',
    identity: [allow('s3:GetObject', obj('users/${jwt:sub}/*'))],
    resource: obj('users/4f2a/x'),
    conditions: { 'jwt:sub': ['4f2a'] },
    allowed: true,
  },
  {
    name: 'variable names ignore case',
    identity: [allow('s3:GetObject', obj('home/${AWS:UserName}/*'))],
    resource: obj('home/alice/x'),
    conditions: { 'aws:username': ['alice'] },
    allowed: true,
  },
  {
    name: 'an unknown variable matches nothing',
    identity: [allow('s3:GetObject', obj('home/${aws:favouriteColour}/*'))],
    resource: obj('home/blue/x'),
    conditions: { 'aws:favouriteColour': ['blue'] },
    allowed: false,
  },
  {
    name: '${*} is a literal star',
    identity: [allow('s3:GetObject', obj('photos/star${*}'))],
    resource: obj('photos/starfish'),
    allowed: false,
  },
  {
    name: '${*} matches a real star',
    identity: [allow('s3:GetObject', obj('photos/star${*}${?}${$}'))],
    resource: obj('photos/star*?$'),
    allowed: true,
  },
  {
    name: 'Version 2008-10-17 treats variables as literal text',
    identity: [allow('s3:GetObject', obj('home/${aws:username}/*'))],
    version: '2008-10-17',
    resource: obj('home/alice/x'),
    conditions: { 'aws:username': ['alice'] },
    allowed: false,
  },
  {
    name: 'variables in condition values',
    identity: [
      allow('s3:ListBucket', obj('home'), {
        Condition: { StringLike: { 's3:prefix': '${aws:username}/*' } },
      }),
    ],
    action: 's3:ListBucket',
    resource: obj('home'),
    conditions: { 'aws:username': ['alice'], 's3:prefix': ['alice/docs'] },
    allowed: true,
  },

  // String conditions.
  {
    name: 'StringEquals matches',
    identity: [readIf({ StringEquals: { 'aws:username': 'alice' } })],
    conditions: { 'aws:username': ['alice'] },
    allowed: true,
  },
  {
    name: 'StringEquals mismatches',
    identity: [readIf({ StringEquals: { 'aws:username': 'alice' } })],
    conditions: { 'aws:username': ['bob'] },
    allowed: false,
  },
  {
    name: 'StringEquals is case-sensitive',
    identity: [readIf({ StringEquals: { 'aws:username': 'alice' } })],
    conditions: { 'aws:username': ['Alice'] },
    allowed: false,
  },
  {
    name: 'StringEquals on a missing key fails',
    identity: [readIf({ StringEquals: { 'aws:username': 'alice' } })],
    allowed: false,
  },
  {
    name: 'StringNotEquals on a missing key holds',
    identity: [readIf({ StringNotEquals: { 'aws:username': 'bob' } })],
    allowed: true,
  },
  {
    name: 'StringNotEquals with an equal value fails',
    identity: [readIf({ StringNotEquals: { 'aws:username': 'bob' } })],
    conditions: { 'aws:username': ['bob'] },
    allowed: false,
  },
  {
    name: 'StringEqualsIgnoreCase matches',
    identity: [readIf({ StringEqualsIgnoreCase: { 'aws:username': 'ALICE' } })],
    conditions: { 'aws:username': ['alice'] },
    allowed: true,
  },
  {
    name: 'StringNotEqualsIgnoreCase fails on a case variant',
    identity: [readIf({ StringNotEqualsIgnoreCase: { 'aws:username': 'ALICE' } })],
    conditions: { 'aws:username': ['alice'] },
    allowed: false,
  },
  {
    name: 'StringLike matches a prefix',
    identity: [readIf({ StringLike: { 's3:prefix': 'docs/*' } })],
    conditions: { 's3:prefix': ['docs/2024/'] },
    allowed: true,
  },
  {
    name: 'StringLike mismatches',
    identity: [readIf({ StringLike: { 's3:prefix': 'docs/*' } })],
    conditions: { 's3:prefix': ['images/'] },
    allowed: false,
  },
  {
    name: 'StringNotLike denies the excluded prefix',
    identity: [readIf({ StringNotLike: { 's3:prefix': 'private/*' } })],
    conditions: { 's3:prefix': ['private/x'] },
    allowed: false,
  },
  {
    name: 'StringNotLike allows other prefixes',
    identity: [readIf({ StringNotLike: { 's3:prefix': 'private/*' } })],
    conditions: { 's3:prefix': ['public/x'] },
    allowed: true,
  },
  {
    name: 'several values of one key are OR-ed',
    identity: [readIf({ StringEquals: { 's3:prefix': ['a/', 'b/'] } })],
    conditions: { 's3:prefix': ['b/'] },
    allowed: true,
  },
  {
    name: 'negated values are NOR-ed',
    identity: [readIf({ StringNotEquals: { 's3:prefix': ['a/', 'b/'] } })],
    conditions: { 's3:prefix': ['b/'] },
    allowed: false,
  },
  {
    name: 'several keys are AND-ed',
    identity: [readIf({ StringEquals: { 's3:prefix': 'a/', 's3:delimiter': '/' } })],
    conditions: { 's3:prefix': ['a/'] },
    allowed: false,
  },
  {
    name: 'several operators are AND-ed',
    identity: [readIf({ StringEquals: { 's3:prefix': 'a/' }, Bool: { 'aws:SecureTransport': 'true' } })],
    conditions: { 's3:prefix': ['a/'], 'aws:SecureTransport': ['true'] },
    allowed: true,
  },
  {
    name: 'condition keys ignore case',
    identity: [readIf({ StringEquals: { 'AWS:USERNAME': 'alice' } })],
    conditions: { 'aws:UserName': ['alice'] },
    allowed: true,
  },

  // Numeric, Date, Bool, Binary.
  {
    name: 'NumericLessThanEquals holds',
    identity: [readIf({ NumericLessThanEquals: { 's3:max-keys': 100 } })],
    conditions: { 's3:max-keys': ['100'] },
    allowed: true,
  },
  {
    name: 'NumericLessThanEquals fails',
    identity: [readIf({ NumericLessThanEquals: { 's3:max-keys': 100 } })],
    conditions: { 's3:max-keys': ['500'] },
    allowed: false,
  },
  {
    name: 'Numeric with a non-numeric request value fails',
    identity: [readIf({ NumericLessThan: { 's3:max-keys': '100' } })],
    conditions: { 's3:max-keys': ['many'] },
    allowed: false,
  },
  {
    name: 'NumericGreaterThan holds',
    identity: [readIf({ NumericGreaterThan: { 's3:max-keys': '1.5' } })],
    conditions: { 's3:max-keys': ['2'] },
    allowed: true,
  },
  {
    name: 'NumericNotEquals fails on equal numbers',
    identity: [readIf({ NumericNotEquals: { 's3:max-keys': '10' } })],
    conditions: { 's3:max-keys': ['10.0'] },
    allowed: false,
  },
  {
    name: 'DateLessThan holds',
    identity: [readIf({ DateLessThan: { 'aws:CurrentTime': '2030-01-01T00:00:00Z' } })],
    conditions: { 'aws:CurrentTime': ['2025-06-01T12:00:00Z'] },
    allowed: true,
  },
  {
    name: 'DateLessThan fails after the date',
    identity: [readIf({ DateLessThan: { 'aws:CurrentTime': '2030-01-01T00:00:00Z' } })],
    conditions: { 'aws:CurrentTime': ['2031-01-01T00:00:00Z'] },
    allowed: false,
  },
  {
    name: 'DateGreaterThanEquals with epoch seconds',
    identity: [readIf({ DateGreaterThanEquals: { 'aws:EpochTime': '1700000000' } })],
    conditions: { 'aws:EpochTime': ['1700000000'] },
    allowed: true,
  },
  {
    name: 'DateEquals across time zones',
    identity: [readIf({ DateEquals: { 'aws:CurrentTime': '2025-01-01T01:00:00+01:00' } })],
    conditions: { 'aws:CurrentTime': ['2025-01-01T00:00:00Z'] },
    allowed: true,
  },
  {
    name: 'Bool deny of plain HTTP applies',
    identity: [allow('s3:*', obj('*')), denyIf({ Bool: { 'aws:SecureTransport': 'false' } })],
    conditions: { 'aws:SecureTransport': ['false'] },
    allowed: false,
  },
  {
    name: 'Bool deny of plain HTTP spares HTTPS',
    identity: [allow('s3:*', obj('*')), denyIf({ Bool: { 'aws:SecureTransport': false } })],
    conditions: { 'aws:SecureTransport': ['true'] },
    allowed: true,
  },
  {
    name: 'Bool on a missing key does not match',
    identity: [allow('s3:*', obj('*')), denyIf({ Bool: { 'aws:SecureTransport': 'false' } })],
    allowed: true,
  },
  {
    name: 'BinaryEquals matches the same bytes',
    identity: [readIf({ BinaryEquals: { 'aws:blob': 'aGVsbG8=' } })],
    conditions: { 'aws:blob': ['aGVsbG8='] },
    allowed: true,
  },
  {
    name: 'BinaryEquals mismatches other bytes',
    identity: [readIf({ BinaryEquals: { 'aws:blob': 'aGVsbG8=' } })],
    conditions: { 'aws:blob': ['d29ybGQ='] },
    allowed: false,
  },

  // IP addresses.
  {
    name: 'IpAddress in an IPv4 range',
    identity: [readIf({ IpAddress: { 'aws:SourceIp': '10.0.0.0/8' } })],
    conditions: { 'aws:SourceIp': ['10.1.2.3'] },
    allowed: true,
  },
  {
    name: 'IpAddress outside an IPv4 range',
    identity: [readIf({ IpAddress: { 'aws:SourceIp': '10.0.0.0/8' } })],
    conditions: { 'aws:SourceIp': ['192.168.1.1'] },
    allowed: false,
  },
  {
    name: 'IpAddress with a single address',
    identity: [readIf({ IpAddress: { 'aws:SourceIp': '192.168.1.1' } })],
    conditions: { 'aws:SourceIp': ['192.168.1.1'] },
    allowed: true,
  },
  {
    name: 'IpAddress in an IPv6 range',
    identity: [readIf({ IpAddress: { 'aws:SourceIp': '2001:db8::/32' } })],
    conditions: { 'aws:SourceIp': ['2001:db8:1::5'] },
    allowed: true,
  },
  {
    name: 'IpAddress outside an IPv6 range',
    identity: [readIf({ IpAddress: { 'aws:SourceIp': '2001:db8::/32' } })],
    conditions: { 'aws:SourceIp': ['2001:db9::5'] },
    allowed: false,
  },
  {
    name: 'IPv4-mapped IPv6 address in an IPv4 range',
    identity: [readIf({ IpAddress: { 'aws:SourceIp': '10.0.0.0/8' } })],
    conditions: { 'aws:SourceIp': ['::ffff:10.1.2.3'] },
    allowed: true,
  },
  {
    name: 'an IPv4 client is not in an IPv6 range that is not IPv4-mapped (::/0)',
    identity: [readIf({ IpAddress: { 'aws:SourceIp': '::/0' } })],
    conditions: { 'aws:SourceIp': ['127.0.0.1'] },
    allowed: false,
  },
  {
    name: 'an IPv4 client is in an IPv4-mapped IPv6 range',
    identity: [readIf({ IpAddress: { 'aws:SourceIp': '::ffff:10.0.0.0/104' } })],
    conditions: { 'aws:SourceIp': ['10.1.2.3'] },
    allowed: true,
  },
  {
    name: 'an IPv4 client outside an IPv4-mapped IPv6 range',
    identity: [readIf({ IpAddress: { 'aws:SourceIp': '::ffff:10.0.0.0/104' } })],
    conditions: { 'aws:SourceIp': ['11.1.2.3'] },
    allowed: false,
  },
  {
    name: 'IpAddress with a malformed request address',
    identity: [readIf({ IpAddress: { 'aws:SourceIp': '0.0.0.0/0' } })],
    conditions: { 'aws:SourceIp': ['localhost'] },
    allowed: false,
  },
  {
    name: 'NotIpAddress deny applies outside the range',
    identity: [
      allow('s3:*', obj('*')),
      denyIf({ NotIpAddress: { 'aws:SourceIp': ['10.0.0.0/8', '172.16.0.0/12'] } }),
    ],
    conditions: { 'aws:SourceIp': ['8.8.8.8'] },
    allowed: false,
  },
  {
    name: 'NotIpAddress deny spares the range',
    identity: [
      allow('s3:*', obj('*')),
      denyIf({ NotIpAddress: { 'aws:SourceIp': ['10.0.0.0/8', '172.16.0.0/12'] } }),
    ],
    conditions: { 'aws:SourceIp': ['172.20.0.1'] },
    allowed: true,
  },
  {
    name: 'NotIpAddress on a missing key holds',
    identity: [allow('s3:*', obj('*')), denyIf({ NotIpAddress: { 'aws:SourceIp': '10.0.0.0/8' } })],
    allowed: false,
  },

  // ARNs.
  {
    name: 'ArnLike matches per component',
    identity: [readIf({ ArnLike: { 'aws:SourceArn': 'arn:aws:sns:*:123456789012:uploads' } })],
    conditions: { 'aws:SourceArn': ['arn:aws:sns:eu-west-1:123456789012:uploads'] },
    allowed: true,
  },
  {
    name: 'ArnLike * does not cross a colon',
    identity: [readIf({ ArnLike: { 'aws:SourceArn': 'arn:aws:sns:*:123:topic' } })],
    conditions: { 'aws:SourceArn': ['arn:aws:sns:eu-west-1:999:123:topic'] },
    allowed: false,
  },
  {
    name: 'ArnEquals matches exactly',
    identity: [readIf({ ArnEquals: { 'aws:SourceArn': 'arn:aws:sqs:us-east-1:1:q' } })],
    conditions: { 'aws:SourceArn': ['arn:aws:sqs:us-east-1:1:q'] },
    allowed: true,
  },
  {
    name: 'ArnNotEquals on a missing key holds',
    identity: [readIf({ ArnNotEquals: { 'aws:SourceArn': 'arn:aws:sqs:us-east-1:1:q' } })],
    allowed: true,
  },
  {
    name: 'ArnNotLike fails on a match',
    identity: [readIf({ ArnNotLike: { 'aws:SourceArn': 'arn:aws:sqs:*:1:*' } })],
    conditions: { 'aws:SourceArn': ['arn:aws:sqs:us-east-1:1:q'] },
    allowed: false,
  },

  // IfExists.
  {
    name: 'IfExists passes on a missing key',
    identity: [readIf({ StringEqualsIfExists: { 's3:prefix': 'docs/' } })],
    allowed: true,
  },
  {
    name: 'IfExists still checks a present key',
    identity: [readIf({ StringEqualsIfExists: { 's3:prefix': 'docs/' } })],
    conditions: { 's3:prefix': ['images/'] },
    allowed: false,
  },
  {
    name: 'NumericLessThanIfExists on a present key',
    identity: [readIf({ NumericLessThanIfExists: { 's3:max-keys': 10 } })],
    conditions: { 's3:max-keys': ['5'] },
    allowed: true,
  },
  {
    name: 'IpAddress deny does not apply without the key',
    identity: [allow('s3:*', obj('*')), denyIf({ IpAddress: { 'aws:SourceIp': '10.0.0.0/8' } })],
    allowed: true,
  },
  {
    name: 'IpAddressIfExists deny applies without the key',
    identity: [allow('s3:*', obj('*')), denyIf({ IpAddressIfExists: { 'aws:SourceIp': '10.0.0.0/8' } })],
    allowed: false,
  },

  // Set qualifiers.
  {
    name: 'ForAnyValue holds when one value matches',
    identity: [readIf({ 'ForAnyValue:StringEquals': { 'aws:TagKeys': ['x', 'y'] } })],
    conditions: { 'aws:TagKeys': ['a', 'x'] },
    allowed: true,
  },
  {
    name: 'ForAnyValue fails when none matches',
    identity: [readIf({ 'ForAnyValue:StringEquals': { 'aws:TagKeys': ['x', 'y'] } })],
    conditions: { 'aws:TagKeys': ['a', 'b'] },
    allowed: false,
  },
  {
    name: 'ForAnyValue fails on a missing key',
    identity: [readIf({ 'ForAnyValue:StringEquals': { 'aws:TagKeys': ['x'] } })],
    allowed: false,
  },
  {
    name: 'ForAllValues holds for a subset',
    identity: [readIf({ 'ForAllValues:StringEquals': { 'aws:TagKeys': ['x', 'y', 'z'] } })],
    conditions: { 'aws:TagKeys': ['x', 'y'] },
    allowed: true,
  },
  {
    name: 'ForAllValues fails when one value is outside',
    identity: [readIf({ 'ForAllValues:StringEquals': { 'aws:TagKeys': ['x', 'y'] } })],
    conditions: { 'aws:TagKeys': ['x', 'q'] },
    allowed: false,
  },
  {
    name: 'ForAllValues holds on a missing key',
    identity: [readIf({ 'ForAllValues:StringEquals': { 'aws:TagKeys': ['x'] } })],
    allowed: true,
  },
  {
    name: 'ForAnyValue with a negated operator',
    identity: [readIf({ 'ForAnyValue:StringNotEquals': { 'aws:TagKeys': ['x'] } })],
    conditions: { 'aws:TagKeys': ['x', 'y'] },
    allowed: true,
  },
  {
    name: 'ForAllValues:StringLike',
    identity: [readIf({ 'ForAllValues:StringLike': { 'aws:TagKeys': ['team-*'] } })],
    conditions: { 'aws:TagKeys': ['team-a', 'cost'] },
    allowed: false,
  },

  // Null.
  {
    name: 'Null true: deny unencrypted uploads',
    identity: [
      allow('s3:*', obj('*')),
      deny('s3:PutObject', allPhotos, { Condition: { Null: { 's3:x-amz-server-side-encryption': 'true' } } }),
    ],
    action: 's3:PutObject',
    allowed: false,
  },
  {
    name: 'Null true: encrypted uploads pass',
    identity: [
      allow('s3:*', obj('*')),
      deny('s3:PutObject', allPhotos, { Condition: { Null: { 's3:x-amz-server-side-encryption': 'true' } } }),
    ],
    action: 's3:PutObject',
    conditions: { 's3:x-amz-server-side-encryption': ['AES256'] },
    allowed: true,
  },
  {
    name: 'Null false requires the key',
    identity: [readIf({ Null: { 'aws:username': 'false' } })],
    allowed: false,
  },

  // Anonymous access and principals.
  {
    name: 'anonymous without a bucket policy',
    principal: anonymous,
    identity: [allow('s3:*', obj('*'))],
    allowed: false,
  },
  {
    name: 'anonymous with Principal "*"',
    principal: anonymous,
    bucket: [allow('s3:GetObject', allPhotos, everyone)],
    allowed: true,
  },
  {
    name: 'anonymous with Principal {"AWS": ["*"]}',
    principal: anonymous,
    bucket: [allow('s3:GetObject', allPhotos, { Principal: { AWS: ['*'] } })],
    allowed: true,
  },
  {
    name: 'no principal is anonymous',
    principal: null,
    bucket: [allow('s3:GetObject', allPhotos, { Principal: { AWS: '*' } })],
    allowed: true,
  },
  {
    name: 'anonymous is not a named principal',
    principal: anonymous,
    bucket: [allow('s3:GetObject', allPhotos, { Principal: { AWS: alice.arn } })],
    allowed: false,
  },
  {
    name: 'anonymous only gets what the public policy grants',
    principal: anonymous,
    bucket: [allow('s3:GetObject', allPhotos, everyone)],
    action: 's3:PutObject',
    allowed: false,
  },
  {
    name: 'anonymous and a public deny',
    principal: anonymous,
    bucket: [
      allow('s3:GetObject', allPhotos, everyone),
      deny('s3:GetObject', obj('photos/private/*'), everyone),
    ],
    resource: obj('photos/private/x'),
    allowed: false,
  },
  {
    name: 'principal by ARN',
    principal: alice,
    bucket: [allow('s3:GetObject', allPhotos, { Principal: { AWS: alice.arn } })],
    allowed: true,
  },
  {
    name: 'principal by access key',
    principal: alice,
    bucket: [allow('s3:GetObject', allPhotos, { Principal: { AWS: ['alice'] } })],
    allowed: true,
  },
  {
    name: 'another user is not the named principal',
    principal: bob,
    bucket: [allow('s3:GetObject', allPhotos, { Principal: { AWS: alice.arn } })],
    allowed: false,
  },
  {
    name: 'a principal pattern matches ARNs with wildcards',
    principal: bob,
    bucket: [
      deny('s3:*', allPhotos, { Principal: { AWS: 'arn:aws:iam::*' } }),
      allow('s3:*', allPhotos, everyone),
    ],
    allowed: false,
  },
  {
    name: 'a principal pattern matches access keys with wildcards',
    principal: alice,
    bucket: [allow('s3:GetObject', allPhotos, { Principal: { AWS: ['al?c*'] } })],
    allowed: true,
  },
  {
    name: 'a principal pattern never reaches anonymous callers',
    principal: anonymous,
    bucket: [allow('s3:GetObject', allPhotos, { Principal: { AWS: ['arn:aws:iam::*'] } })],
    allowed: false,
  },
  {
    name: 'Deny NotPrincipal hits everyone else',
    principal: bob,
    bucket: [allow('s3:*', allPhotos, everyone), deny('s3:*', allPhotos, { NotPrincipal: { AWS: 'alice' } })],
    allowed: false,
  },
  {
    name: 'Deny NotPrincipal spares the named user',
    principal: alice,
    bucket: [allow('s3:*', allPhotos, everyone), deny('s3:*', allPhotos, { NotPrincipal: { AWS: 'alice' } })],
    allowed: true,
  },
  {
    // Refused when a bucket policy is set now; one stored before keeps its meaning.
    name: 'Allow NotPrincipal reaches anonymous',
    principal: anonymous,
    bucket: [allow('s3:GetObject', allPhotos, { NotPrincipal: { AWS: 'alice' } })],
    allowed: true,
  },
];

describe('isAllowed', () => {
  it.each(cases)('$name', (testCase) => {
    const identity: Policy[] = [];
    if (testCase.identity) identity.push(identityPolicy(testCase.identity, testCase.version));
    if (testCase.moreIdentity) identity.push(identityPolicy(testCase.moreIdentity));
    if (testCase.canned) identity.push(cannedPolicy(testCase.canned));
    const resource = testCase.resource === null ? undefined : (testCase.resource ?? obj('photos/cat.jpg'));
    const principal = testCase.principal === null ? undefined : (testCase.principal ?? alice);
    const allowed = isAllowed({
      identity,
      ...(testCase.bucket ? { bucket: bucketPolicy(testCase.bucket) } : {}),
      facts: {
        action: testCase.action ?? 's3:GetObject',
        ...(resource === undefined ? {} : { resource }),
        ...(principal === undefined ? {} : { principal }),
        conditions: testCase.conditions ?? {},
      },
    });
    expect(allowed).toBe(testCase.allowed);
  });
});

describe('evaluate', () => {
  const facts = { action: 's3:GetObject', resource: obj('photos/a'), principal: alice, conditions: {} };

  it('reports allow, deny and none', () => {
    expect(evaluate([identityPolicy([allow('s3:GetObject', allPhotos)])], facts)).toBe('allow');
    expect(evaluate([identityPolicy([deny('s3:GetObject', allPhotos)])], facts)).toBe('deny');
    expect(evaluate([identityPolicy([allow('s3:PutObject', allPhotos)])], facts)).toBe('none');
    expect(evaluate([], facts)).toBe('none');
  });

  it('lets a later deny override an earlier allow', () => {
    const policies = [
      identityPolicy([allow('s3:*', obj('*'))]),
      identityPolicy([deny('s3:Get*', obj('photos/*'))]),
    ];
    expect(evaluate(policies, facts)).toBe('deny');
  });
});

describe('explain', () => {
  const facts = { action: 's3:GetObject', resource: obj('photos/a'), principal: alice, conditions: {} };

  it('names the first allowing statement, or none for an implicit deny', () => {
    const policies = [
      identityPolicy([allow('s3:PutObject', allPhotos)]),
      identityPolicy([
        allow('s3:ListBucket', obj('photos')),
        { ...allow('s3:Get*', allPhotos), Sid: 'Reads' },
      ]),
      identityPolicy([allow('s3:*', obj('*'))]),
    ];
    expect(explain(policies, facts)).toEqual({
      decision: 'allow',
      by: { policy: 1, statement: 1, sid: 'Reads', effect: 'Allow' },
    });
    expect(explain([identityPolicy([allow('s3:PutObject', allPhotos)])], facts)).toEqual({
      decision: 'none',
    });
  });

  it('names the deny that overrides an earlier allow', () => {
    const policies = [
      identityPolicy([allow('s3:*', obj('*'))]),
      identityPolicy([deny('s3:Get*', allPhotos)]),
    ];
    expect(explain(policies, facts)).toEqual({
      decision: 'deny',
      by: { policy: 1, statement: 0, effect: 'Deny' },
    });
  });

  it('tells an identity decision from a bucket one, and a bucket deny beats an identity allow', () => {
    const identity = [identityPolicy([allow('s3:GetObject', allPhotos)])];
    const bucket = bucketPolicy([{ ...deny('s3:GetObject', allPhotos, everyone), Sid: 'NoReads' }]);
    expect(explainAccess({ identity, facts })).toEqual({
      allowed: true,
      decidedBy: { source: 'identity', policy: 0, statement: 0, effect: 'Allow' },
    });
    expect(explainAccess({ identity, bucket, facts })).toEqual({
      allowed: false,
      decidedBy: { source: 'bucket', policy: 0, statement: 0, sid: 'NoReads', effect: 'Deny' },
    });
    const grant = bucketPolicy([allow('s3:GetObject', allPhotos, everyone)]);
    expect(explainAccess({ identity: [], bucket: grant, facts }).decidedBy?.source).toBe('bucket');
  });

  it('lets a limit that does not allow deny, naming it; unlimited rights name no statement', () => {
    const identity = [identityPolicy([allow('s3:*', obj('*'))])];
    const limits = [identityPolicy([allow('s3:PutObject', allPhotos)])];
    expect(explainRights({ unlimited: false, identity, limits, facts })).toEqual({ allowed: false });
    const denying = [identityPolicy([deny('s3:GetObject', allPhotos)])];
    expect(explainRights({ unlimited: true, identity: [], limits: denying, facts })).toEqual({
      allowed: false,
      decidedBy: { source: 'limit', policy: 0, statement: 0, effect: 'Deny' },
    });
    expect(explainRights({ unlimited: true, identity: [], limits: [], facts })).toEqual({ allowed: true });
  });

  it('agrees with evaluate and isAllowed', () => {
    const policies = [
      identityPolicy([allow('s3:*', obj('*'))]),
      identityPolicy([deny('s3:Put*', allPhotos)]),
    ];
    for (const action of ['s3:GetObject', 's3:PutObject', 's3:DeleteObject']) {
      const f = { ...facts, action };
      expect(explain(policies, f).decision).toBe(evaluate(policies, f));
      expect(explainAccess({ identity: policies, facts: f }).allowed).toBe(
        isAllowed({ identity: policies, facts: f }),
      );
    }
  });
});
