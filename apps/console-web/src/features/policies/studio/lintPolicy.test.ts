import { describe, expect, test } from 'vitest';
import { hasErrors, type LintOptions, lintPolicy } from './lintPolicy.js';

const IDENTITY: LintOptions = { kind: 'identity' };
const BUCKET: LintOptions = { kind: 'bucket', bucket: 'photos' };

const doc = (statement: Record<string, unknown> | Record<string, unknown>[], version = '2012-10-17') =>
  JSON.stringify(
    { Version: version, Statement: Array.isArray(statement) ? statement : [statement] },
    null,
    2,
  );

/** code@path for each problem, as a compact expectation. */
const codes = (text: string, options = IDENTITY) =>
  lintPolicy(text, options).map((p) => `${p.severity}:${p.code}@${p.path.join('.')}`);

describe('lintPolicy', () => {
  test('a valid read-only policy has no problems', () => {
    const text = doc([
      { Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::photos/*'] },
      { Effect: 'Allow', Action: 's3:ListBucket', Resource: 'arn:aws:s3:::photos' },
    ]);
    expect(lintPolicy(text, IDENTITY)).toEqual([]);
  });

  test('invalid JSON is one error at the position JSON.parse names', () => {
    const text = '{"Version": "2012-10-17",, }';
    const [problem] = lintPolicy(text, IDENTITY);
    expect(problem).toMatchObject({ severity: 'error', code: 'json' });
    expect(problem?.from).toBe(text.indexOf(',,') + 1);
  });

  test('unknown actions are errors; wildcards that name an action are not', () => {
    const text = doc({
      Effect: 'Allow',
      Action: ['s3:GetObjekt', 's3:Get*', 's3:?etObject', 'admin:*', 'nope:*'],
      Resource: '*',
    });
    expect(codes(text)).toEqual([
      'error:unknownAction@Statement.0.Action.0',
      'error:unknownAction@Statement.0.Action.4',
    ]);
  });

  test('the problem spans the characters of the offending value', () => {
    const text = doc({ Effect: 'Allow', Action: 's3:Nope', Resource: '*' });
    const [problem] = lintPolicy(text, IDENTITY);
    expect(text.slice(problem?.from, problem?.to)).toBe('"s3:Nope"');
  });

  test('malformed ARNs are errors; bucket and prefix ARNs are fine', () => {
    const text = doc({
      Effect: 'Allow',
      Action: 's3:*',
      Resource: [
        'arn:aws:s3:::bucket',
        'arn:aws:s3:::bucket/prefix*',
        'arn:aws:s3:::',
        'bucket/x',
        'arn:aws:s3:::/x',
      ],
    });
    expect(codes(text)).toEqual([
      'error:invalidArn@Statement.0.Resource.2',
      'error:invalidArn@Statement.0.Resource.3',
      'error:invalidArn@Statement.0.Resource.4',
    ]);
  });

  test('unknown condition operators and keys, and values the operator refuses', () => {
    const text = doc({
      Effect: 'Allow',
      Action: 's3:ListBucket',
      Resource: 'arn:aws:s3:::b',
      Condition: {
        StringLikeIfExists: { 's3:prefix': 'home/*' },
        'ForAnyValue:StringEquals': { 's3:ExistingObjectTag/team': 'a' },
        StringSorta: { 's3:prefix': 'x' },
        NumericLessThan: { 's3:max-keys': 'ten', 's3:colour': '1' },
        NullIfExists: { 's3:prefix': 'true' },
      },
    });
    expect(codes(text)).toEqual([
      'error:unknownOperator@Statement.0.Condition.StringSorta',
      'error:conditionValue.number@Statement.0.Condition.NumericLessThan.s3:max-keys',
      'error:unknownConditionKey@Statement.0.Condition.NumericLessThan.s3:colour',
      'error:unknownOperator@Statement.0.Condition.NullIfExists',
    ]);
  });

  test('empty Action and Resource lists, and missing Action', () => {
    expect(codes(doc({ Effect: 'Allow', Action: [], Resource: [] }))).toEqual([
      'error:emptyList@Statement.0.Action',
      'error:emptyList@Statement.0.Resource',
    ]);
    expect(codes(doc({ Effect: 'Allow', Resource: '*' }))).toEqual(['error:actionMissing@Statement.0']);
    expect(codes(doc({ Effect: 'Allow', Action: 's3:GetObject' }))).toEqual([
      'error:resourceMissing@Statement.0',
    ]);
  });

  test('duplicate Sids are errors on the second one', () => {
    const s = { Effect: 'Allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::b/*' };
    expect(
      codes(
        doc([
          { Sid: 'A', ...s },
          { Sid: 'A', ...s },
        ]),
      ),
    ).toEqual(['error:duplicateSid@Statement.1.Sid']);
  });

  test('Principal: required in bucket policies, refused in identity policies', () => {
    const s = { Effect: 'Allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::photos/*' };
    expect(codes(doc(s), BUCKET)).toEqual(['error:principalMissing@Statement.0']);
    expect(codes(doc({ ...s, Principal: { AWS: ['*'] } }), BUCKET)).toEqual([]);
    expect(codes(doc({ ...s, Principal: { Service: 'x' } }), BUCKET)).toEqual([
      'error:principalType@Statement.0.Principal.Service',
    ]);
    expect(codes(doc({ ...s, Principal: '*' }))).toEqual(['error:principalUnexpected@Statement.0.Principal']);
  });

  test('bucket policies: only S3 actions, only resources in the bucket', () => {
    const text = doc({
      Effect: 'Allow',
      Principal: '*',
      Action: ['admin:ServerInfo', 's3:GetObject'],
      Resource: ['arn:aws:s3:::photos/*', 'arn:aws:s3:::other/*'],
    });
    expect(codes(text, BUCKET)).toEqual([
      'error:actionNotForBucket@Statement.0.Action.0',
      'error:resourceOutsideBucket@Statement.0.Resource.1',
    ]);
  });

  test('Allow of * on * is a warning, which does not block a save', () => {
    const problems = lintPolicy(doc({ Effect: 'Allow', Action: '*', Resource: '*' }), IDENTITY);
    expect(problems.map((p) => `${p.severity}:${p.code}`)).toEqual(['warning:allowAll']);
    expect(hasErrors(problems)).toBe(false);
  });

  test('Version: 2012-10-17 expected, 2008-10-17 a warning, others and none errors', () => {
    const s = { Effect: 'Allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::b/*' };
    expect(codes(doc(s, '2008-10-17'))).toEqual(['warning:versionOld@Version']);
    expect(codes(doc(s, '2020-01-01'))).toEqual(['error:versionInvalid@Version']);
    expect(codes(JSON.stringify({ Statement: [s] }))).toEqual(['error:versionMissing@']);
    expect(hasErrors(lintPolicy(doc(s, '2020-01-01'), IDENTITY))).toBe(true);
  });

  test('unknown elements are errors on their name; a miscased known one is a warning', () => {
    const text = doc({ Effect: 'Allow', action: 's3:GetObject', Resource: '*', Colour: 'red' });
    const problems = lintPolicy(text, IDENTITY);
    expect(problems.map((p) => `${p.severity}:${p.code}`)).toEqual([
      'error:actionMissing',
      'warning:elementCase',
      'error:unknownElement',
    ]);
    const unknown = problems.find((p) => p.code === 'unknownElement');
    expect(text.slice(unknown?.from, unknown?.to)).toBe('"Colour"');
  });

  test('Effect, Action with NotAction, an object action on a bucket ARN', () => {
    expect(codes(doc({ Effect: 'allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::b/*' }))).toEqual([
      'error:effect@Statement.0.Effect',
    ]);
    expect(codes(doc({ Effect: 'Deny', Action: '*', NotAction: 's3:GetObject', Resource: '*' }))).toEqual([
      'error:conflict@Statement.0.NotAction',
    ]);
    expect(codes(doc({ Effect: 'Allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::b' }))).toEqual([
      'warning:actionResourceMismatch@Statement.0.Action',
    ]);
  });

  test('no statements is an error', () => {
    expect(codes(doc([]))).toEqual(['error:noStatements@Statement']);
  });
});
