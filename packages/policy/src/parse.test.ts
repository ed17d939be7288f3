// biome-ignore-all lint/suspicious/noTemplateCurlyInString: IAM policy variables are literal ${...} text.
import { describe, expect, it } from 'vitest';
import { CANNED_POLICY_DOCUMENTS, CANNED_POLICY_NAMES, cannedPolicy } from './canned.js';
import { PolicyError, type PolicyErrorCode } from './errors.js';
import { type ParseOptions, parseLimitPolicy, parsePolicy } from './parse.js';

const IDENTITY: ParseOptions = { kind: 'identity' };
const BUCKET: ParseOptions = { kind: 'bucket', bucket: 'photos' };
const V = '2012-10-17';

const doc = (...statements: unknown[]) => ({ Version: V, Statement: statements });
const allowGet = { Effect: 'Allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::photos/*' };
const publicGet = { ...allowGet, Principal: '*' };

interface ErrorCase {
  name: string;
  input: unknown;
  opts?: ParseOptions;
  code: PolicyErrorCode;
  message: string;
}

const errorCases: ErrorCase[] = [
  { name: 'invalid JSON', input: '{"Version":', code: 'InvalidJson', message: 'Policy is not valid JSON: ' },
  { name: 'not an object', input: [], code: 'MalformedElement', message: 'Policy must be a JSON object' },
  {
    name: 'unknown top-level element',
    input: { ...doc(allowGet), Extra: 1 },
    code: 'UnknownElement',
    message: 'Policy: unknown element "Extra"',
  },
  {
    name: 'the same element twice in different case',
    input: { Version: V, version: V, Statement: [allowGet] },
    code: 'DuplicateElement',
    message: 'Policy: element "Version" appears more than once',
  },
  {
    name: 'missing Version',
    input: { Statement: [allowGet] },
    code: 'MissingVersion',
    message: 'Policy is missing Version',
  },
  {
    name: 'unknown Version',
    input: { Version: '2020-01-01', Statement: [allowGet] },
    code: 'InvalidVersion',
    message: 'Policy Version "2020-01-01" is not supported; use "2012-10-17" or "2008-10-17"',
  },
  {
    name: 'missing Statement',
    input: { Version: V },
    code: 'MissingStatement',
    message: 'Policy is missing Statement',
  },
  {
    name: 'empty Statement',
    input: { Version: V, Statement: [] },
    code: 'MissingStatement',
    message: 'Policy Statement must not be empty',
  },
  {
    name: 'Id not a string',
    input: { ...doc(allowGet), Id: 7 },
    code: 'MalformedElement',
    message: 'Policy: Id must be a string',
  },
  {
    name: 'statement not an object',
    input: doc('x'),
    code: 'MalformedElement',
    message: 'Statement 1 must be a JSON object',
  },
  {
    name: 'unknown statement element',
    input: doc({ ...allowGet, Actions: ['s3:GetObject'] }),
    code: 'UnknownElement',
    message: 'Statement 1: unknown element "Actions"',
  },
  {
    name: 'Sid not a string',
    input: doc({ ...allowGet, Sid: 1 }),
    code: 'MalformedElement',
    message: 'Statement 1: Sid must be a string',
  },
  {
    name: 'duplicate Sid',
    input: doc({ ...allowGet, Sid: 'Read' }, { ...allowGet, Sid: 'Read' }),
    code: 'DuplicateSid',
    message: 'Policy has more than one statement with Sid "Read"',
  },
  {
    name: 'bad Effect (case matters)',
    input: doc({ ...allowGet, Effect: 'allow' }),
    code: 'InvalidEffect',
    message: 'Statement 1: Effect must be "Allow" or "Deny" (got "allow")',
  },
  {
    name: 'missing Effect, named by Sid',
    input: doc(allowGet, { Sid: 'Second', Action: 's3:GetObject', Resource: 'arn:aws:s3:::x/*' }),
    code: 'InvalidEffect',
    message: 'Statement 2 (Sid "Second"): Effect must be "Allow" or "Deny" (got missing)',
  },
  {
    name: 'missing Action',
    input: doc({ Effect: 'Allow', Resource: 'arn:aws:s3:::*' }),
    code: 'MissingAction',
    message: 'Statement 1: Action or NotAction is required',
  },
  {
    name: 'Action and NotAction',
    input: doc({ ...allowGet, NotAction: 's3:PutObject' }),
    code: 'ConflictingElements',
    message: 'Statement 1: Action and NotAction cannot both be set',
  },
  {
    name: 'empty Action list',
    input: doc({ ...allowGet, Action: [] }),
    code: 'MalformedElement',
    message: 'Statement 1: Action must not be an empty list',
  },
  {
    name: 'Action of the wrong type',
    input: doc({ ...allowGet, Action: [42] }),
    code: 'MalformedElement',
    message: 'Statement 1: Action must be a non-empty string or a list of non-empty strings',
  },
  {
    name: 'unknown s3 action',
    input: doc({ ...allowGet, Action: ['s3:GetObject', 's3:GetObjekt'] }),
    code: 'UnknownAction',
    message: 'Statement 1: unknown action "s3:GetObjekt"',
  },
  {
    name: 'wildcard naming no action',
    input: doc({ ...allowGet, Action: 's3:Frobnicate*' }),
    code: 'UnknownAction',
    message: 'Statement 1: unknown action "s3:Frobnicate*"',
  },
  {
    name: 'unknown service',
    input: doc({ ...allowGet, Action: 'iam:CreateUser' }),
    code: 'UnknownAction',
    message: 'Statement 1: unknown action "iam:CreateUser"',
  },
  {
    name: 'unknown admin action in NotAction',
    input: doc({ Effect: 'Deny', NotAction: 'admin:Everything' }),
    code: 'UnknownAction',
    message: 'Statement 1: unknown action "admin:Everything"',
  },
  {
    name: 'identity s3 statement without Resource',
    input: doc({ Effect: 'Allow', Action: 's3:GetObject' }),
    code: 'MissingResource',
    message: 'Statement 1: Resource or NotResource is required for s3 actions',
  },
  {
    name: 'identity NotAction statement without Resource',
    input: doc({ Effect: 'Deny', NotAction: 'admin:*' }),
    code: 'MissingResource',
    message: 'Statement 1: Resource or NotResource is required for s3 actions',
  },
  {
    name: 'Resource and NotResource',
    input: doc({ ...allowGet, NotResource: 'arn:aws:s3:::x/*' }),
    code: 'ConflictingElements',
    message: 'Statement 1: Resource and NotResource cannot both be set',
  },
  {
    name: 'resource that is not an S3 ARN',
    input: doc({ ...allowGet, Resource: 'photos/*' }),
    code: 'InvalidResource',
    message: 'Statement 1: invalid resource "photos/*"',
  },
  {
    name: 'resource with a leading slash',
    input: doc({ ...allowGet, Resource: 'arn:aws:s3:::/photos' }),
    code: 'InvalidResource',
    message: 'Statement 1: invalid resource "arn:aws:s3:::/photos"',
  },
  {
    name: 'Principal in an identity policy',
    input: doc(publicGet),
    code: 'UnexpectedPrincipal',
    message: 'Statement 1: an identity policy cannot name a Principal',
  },
  {
    name: 'bucket statement without Principal',
    input: doc(allowGet),
    opts: BUCKET,
    code: 'MissingPrincipal',
    message: 'Statement 1: a bucket policy statement needs Principal or NotPrincipal',
  },
  {
    name: 'Principal and NotPrincipal',
    input: doc({ ...publicGet, NotPrincipal: { AWS: 'alice' } }),
    opts: BUCKET,
    code: 'ConflictingElements',
    message: 'Statement 1: Principal and NotPrincipal cannot both be set',
  },
  {
    name: 'Principal of an unsupported type',
    input: doc({ ...allowGet, Principal: { Service: 'lambda.amazonaws.com' } }),
    opts: BUCKET,
    code: 'InvalidPrincipal',
    message: 'Statement 1: Principal type "Service" is not supported; use "AWS"',
  },
  {
    name: 'Principal neither "*" nor an object',
    input: doc({ ...allowGet, Principal: 'alice' }),
    opts: BUCKET,
    code: 'InvalidPrincipal',
    message: 'Statement 1: Principal must be "*" or {"AWS": ...}',
  },
  {
    name: 'bucket statement without Resource',
    input: doc({ Effect: 'Allow', Principal: '*', Action: 's3:GetObject' }),
    opts: BUCKET,
    code: 'MissingResource',
    message: 'Statement 1: Resource or NotResource is required',
  },
  {
    name: 'bucket resource in another bucket',
    input: doc({ ...publicGet, Resource: ['arn:aws:s3:::photos/*', 'arn:aws:s3:::other/*'] }),
    opts: BUCKET,
    code: 'ResourceOutsideBucket',
    message: 'Statement 1: resource "arn:aws:s3:::other/*" is not in bucket "photos"',
  },
  {
    name: 'bucket resource that is a longer bucket name',
    input: doc({ ...publicGet, Resource: 'arn:aws:s3:::photos2/*' }),
    opts: BUCKET,
    code: 'ResourceOutsideBucket',
    message: 'Statement 1: resource "arn:aws:s3:::photos2/*" is not in bucket "photos"',
  },
  {
    name: 'admin action in a bucket policy',
    input: doc({ ...publicGet, Action: 'admin:ServerInfo' }),
    opts: BUCKET,
    code: 'ActionNotAllowed',
    message: 'Statement 1: action "admin:ServerInfo" cannot be used in a bucket policy',
  },
  {
    name: 'object action on a bucket-only resource',
    input: doc({ ...publicGet, Resource: 'arn:aws:s3:::photos' }),
    opts: BUCKET,
    code: 'ActionResourceMismatch',
    message: 'Statement 1: action "s3:GetObject" does not apply to any resource in the statement',
  },
  {
    name: 'bucket action on an object-only resource',
    input: doc({ ...publicGet, Action: 's3:ListBucket' }),
    opts: BUCKET,
    code: 'ActionResourceMismatch',
    message: 'Statement 1: action "s3:ListBucket" does not apply to any resource in the statement',
  },
  {
    name: 'Condition not an object',
    input: doc({ ...allowGet, Condition: [] }),
    code: 'MalformedElement',
    message: 'Statement 1: Condition must be a JSON object',
  },
  {
    name: 'unknown condition operator',
    input: doc({ ...allowGet, Condition: { StringEqualz: { 's3:prefix': 'a' } } }),
    code: 'UnknownConditionOperator',
    message: 'Statement 1: unknown condition operator "StringEqualz"',
  },
  {
    name: 'unknown set qualifier',
    input: doc({ ...allowGet, Condition: { 'ForSomeValues:StringEquals': { 's3:prefix': 'a' } } }),
    code: 'UnknownConditionOperator',
    message: 'Statement 1: unknown condition operator "ForSomeValues:StringEquals"',
  },
  {
    name: 'NullIfExists',
    input: doc({ ...allowGet, Condition: { NullIfExists: { 's3:prefix': 'true' } } }),
    code: 'UnknownConditionOperator',
    message: 'Statement 1: unknown condition operator "NullIfExists"',
  },
  {
    name: 'condition block not an object',
    input: doc({ ...allowGet, Condition: { StringEquals: 'a' } }),
    code: 'MalformedElement',
    message: 'Statement 1: condition "StringEquals" must map condition keys to values',
  },
  {
    name: 'condition with no values',
    input: doc({ ...allowGet, Condition: { StringEquals: { 's3:prefix': [] } } }),
    code: 'InvalidConditionValue',
    message: 'Statement 1: StringEquals for key "s3:prefix" needs at least one value',
  },
  {
    name: 'condition value of the wrong type',
    input: doc({ ...allowGet, Condition: { StringEquals: { 's3:prefix': { a: 1 } } } }),
    code: 'InvalidConditionValue',
    message: 'Statement 1: StringEquals values for key "s3:prefix" must be strings, numbers or booleans',
  },
  {
    name: 'non-numeric Numeric value',
    input: doc({ ...allowGet, Condition: { NumericLessThan: { 's3:max-keys': 'abc' } } }),
    code: 'InvalidConditionValue',
    message: 'Statement 1: NumericLessThan value "abc" for key "s3:max-keys" must be a number',
  },
  {
    name: 'bad Date value',
    input: doc({ ...allowGet, Condition: { DateLessThan: { 'aws:CurrentTime': 'tomorrow' } } }),
    code: 'InvalidConditionValue',
    message:
      'Statement 1: DateLessThan value "tomorrow" for key "aws:CurrentTime" must be an ISO 8601 date or epoch seconds',
  },
  {
    name: 'bad Bool value',
    input: doc({ ...allowGet, Condition: { Bool: { 'aws:SecureTransport': 'yes' } } }),
    code: 'InvalidConditionValue',
    message: 'Statement 1: Bool value "yes" for key "aws:SecureTransport" must be "true" or "false"',
  },
  {
    name: 'bad Null value',
    input: doc({ ...allowGet, Condition: { Null: { 's3:prefix': 'maybe' } } }),
    code: 'InvalidConditionValue',
    message: 'Statement 1: Null value "maybe" for key "s3:prefix" must be "true" or "false"',
  },
  {
    name: 'bad IP range',
    input: doc({ ...allowGet, Condition: { IpAddress: { 'aws:SourceIp': '10.0.0.0/33' } } }),
    code: 'InvalidConditionValue',
    message:
      'Statement 1: IpAddress value "10.0.0.0/33" for key "aws:SourceIp" must be an IPv4 or IPv6 address or CIDR block',
  },
  {
    name: 'bad base64',
    input: doc({ ...allowGet, Condition: { BinaryEquals: { 'aws:blob': 'not base64!' } } }),
    code: 'InvalidConditionValue',
    message: 'Statement 1: BinaryEquals value "not base64!" for key "aws:blob" must be base64',
  },
];

describe('parsePolicy rejects', () => {
  it.each(errorCases)('$name', ({ input, opts, code, message }) => {
    const text = typeof input === 'string' ? input : JSON.stringify(input);
    let caught: unknown;
    try {
      parsePolicy(text, opts ?? IDENTITY);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PolicyError);
    const error = caught as PolicyError;
    expect(error.code).toBe(code);
    if (code === 'InvalidJson') expect(error.message.startsWith(message)).toBe(true);
    else expect(error.message).toBe(message);
  });
});

describe('parsePolicy accepts', () => {
  it.each(CANNED_POLICY_NAMES)('the canned policy %s', (name) => {
    const text = JSON.stringify(CANNED_POLICY_DOCUMENTS[name]);
    expect(parsePolicy(text, IDENTITY)).toEqual(cannedPolicy(name));
  });

  it('consoleAdmin in its normalised form', () => {
    expect(cannedPolicy('consoleAdmin')).toEqual({
      version: V,
      statements: [
        { effect: 'Allow', actions: ['admin:*'], conditions: [] },
        { effect: 'Allow', actions: ['kms:*'], conditions: [] },
        { effect: 'Allow', actions: ['s3:*'], resources: ['arn:aws:s3:::*'], conditions: [] },
      ],
    });
  });

  it('a single statement object and single strings, normalised to arrays', () => {
    const policy = parsePolicy(
      JSON.stringify({ Version: V, Id: 'p1', Statement: { ...allowGet, Sid: 'Read' } }),
      IDENTITY,
    );
    expect(policy).toEqual({
      version: V,
      id: 'p1',
      statements: [
        {
          sid: 'Read',
          effect: 'Allow',
          actions: ['s3:GetObject'],
          resources: ['arn:aws:s3:::photos/*'],
          conditions: [],
        },
      ],
    });
  });

  it('element names in any case, as MinIO does', () => {
    const text = JSON.stringify({
      version: V,
      statement: [{ effect: 'Allow', action: 's3:GetObject', resource: 'arn:aws:s3:::photos/*' }],
    });
    expect(parsePolicy(text, IDENTITY).statements[0]?.actions).toEqual(['s3:GetObject']);
  });

  it('the 2008-10-17 Version', () => {
    expect(
      parsePolicy(JSON.stringify({ Version: '2008-10-17', Statement: allowGet }), IDENTITY).version,
    ).toBe('2008-10-17');
  });

  it.each([
    's3:Get*',
    's3:*',
    '*',
    's3:getobject',
    'S3:ListBucket',
    'admin:*',
    'admin:List*',
    'kms:*',
    'sts:AssumeRole',
  ])('the action pattern %s', (action) => {
    expect(() => parsePolicy(JSON.stringify(doc({ ...allowGet, Action: action })), IDENTITY)).not.toThrow();
  });

  it('admin and kms statements without Resource', () => {
    const policy = parsePolicy(
      JSON.stringify(doc({ Effect: 'Allow', Action: ['admin:ServerInfo', 'kms:Status'] })),
      IDENTITY,
    );
    expect(policy.statements[0]?.resources).toBeUndefined();
  });

  it('conditions, with qualifiers, IfExists and non-string values', () => {
    const policy = parsePolicy(
      JSON.stringify(
        doc({
          ...allowGet,
          Condition: {
            'ForAnyValue:StringLikeIfExists': { 'aws:TagKeys': ['a*', 'b'] },
            NumericLessThanEquals: { 's3:max-keys': 100 },
            Bool: { 'aws:SecureTransport': true },
          },
        }),
      ),
      IDENTITY,
    );
    expect(policy.statements[0]?.conditions).toEqual([
      {
        operator: 'StringLike',
        qualifier: 'ForAnyValue',
        ifExists: true,
        key: 'aws:TagKeys',
        values: ['a*', 'b'],
      },
      { operator: 'NumericLessThanEquals', ifExists: false, key: 's3:max-keys', values: ['100'] },
      { operator: 'Bool', ifExists: false, key: 'aws:SecureTransport', values: ['true'] },
    ]);
  });

  it.each([
    ['"*"', '*'],
    ['{"AWS": "*"}', { AWS: '*' }],
    ['{"AWS": ["*"]}', { AWS: ['*'] }],
  ])('the public principal %s', (_label, principal) => {
    const policy = parsePolicy(JSON.stringify(doc({ ...allowGet, Principal: principal })), BUCKET);
    expect(policy.statements[0]?.principal).toEqual({ aws: ['*'] });
  });

  it('a named principal and NotPrincipal', () => {
    const policy = parsePolicy(
      JSON.stringify(
        doc(
          { ...allowGet, Principal: { AWS: ['arn:aws:iam::000000000000:user/alice', 'bob'] } },
          { ...allowGet, Effect: 'Deny', NotPrincipal: { AWS: 'alice' } },
        ),
      ),
      BUCKET,
    );
    expect(policy.statements[0]?.principal).toEqual({ aws: ['arn:aws:iam::000000000000:user/alice', 'bob'] });
    expect(policy.statements[1]?.notPrincipal).toEqual({ aws: ['alice'] });
  });

  it.each([
    'arn:aws:s3:::photos',
    'arn:aws:s3:::photos/*',
    'arn:aws:s3:::photos/2024/${aws:username}/*',
    'arn:aws:s3:::pho*',
    'arn:aws:s3:::*',
  ])('the bucket policy resource %s (MinIO: the pattern reaches the bucket)', (resource) => {
    const statement = { Effect: 'Allow', Principal: '*', Action: 's3:*', Resource: resource };
    expect(() => parsePolicy(JSON.stringify(doc(statement)), BUCKET)).not.toThrow();
  });

  it('the anonymous download policy that mc writes', () => {
    const text = JSON.stringify({
      Version: V,
      Statement: [
        {
          Effect: 'Allow',
          Principal: { AWS: ['*'] },
          Action: ['s3:GetBucketLocation', 's3:ListBucket'],
          Resource: ['arn:aws:s3:::photos'],
        },
        {
          Effect: 'Allow',
          Principal: { AWS: ['*'] },
          Action: ['s3:GetObject'],
          Resource: ['arn:aws:s3:::photos/*'],
        },
      ],
    });
    expect(parsePolicy(text, BUCKET).statements).toHaveLength(2);
  });
});

describe('parseLimitPolicy', () => {
  it('reads a session or embedded policy, and one that does not parse allows nothing', () => {
    const text = JSON.stringify({
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::b/*' }],
    });
    expect(parseLimitPolicy(text)).toEqual(parsePolicy(text, { kind: 'identity' }));
    expect(parseLimitPolicy('{"Version": "2012-10-17", "Statement": "nope"}')).toEqual({
      version: '2012-10-17',
      statements: [],
    });
  });
});
