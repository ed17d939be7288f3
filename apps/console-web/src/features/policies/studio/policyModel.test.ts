// biome-ignore-all lint/suspicious/noTemplateCurlyInString: IAM policy variables are literal ${...} text.
import { POLICY_STATEMENT_ELEMENTS } from '@stowage/contract/policy-catalogue';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  newStatement,
  type PolicyModel,
  parsePolicyModel,
  policyModelToJson,
  policyModelToText,
} from './policyModel.js';

const modelOf = (text: string): PolicyModel => {
  const result = parsePolicyModel(text);
  if (!result.ok) throw new Error(`not a model: ${result.message}`);
  return result.model;
};

/** JSON → model → JSON, compared as text so key order counts. */
const roundTrip = (doc: unknown): string => JSON.stringify(policyModelToJson(modelOf(JSON.stringify(doc))));

// Generators for documents of every shape the model reads: fields in any order and subset,
// bare strings and arrays, unknown fields anywhere (their values any JSON).
const word = fc.string({ minLength: 0, maxLength: 8 });
const stringList = fc.oneof(word, fc.array(word, { maxLength: 4 }));
const scalar = fc.oneof(
  word,
  fc.integer(),
  fc.boolean(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const scalarList = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }));
const unknownField = (known: readonly string[]) =>
  fc.tuple(
    fc.string({ minLength: 1, maxLength: 6 }).filter((k) => !known.includes(k)),
    fc.jsonValue({ maxDepth: 2 }),
  );
const principal = fc.oneof(
  fc.constant('*'),
  fc.dictionary(fc.constantFrom('AWS', 'Service', 'Federated'), stringList, { minKeys: 1 }),
);
const condition = fc.dictionary(
  fc.constantFrom('StringEquals', 'StringLike', 'ForAnyValue:StringLike', 'NumericLessThanIfExists', 'Bool'),
  fc.dictionary(fc.constantFrom('s3:prefix', 'aws:SourceIp', 'aws:username', 's3:max-keys'), scalarList, {
    maxKeys: 3,
  }),
  { maxKeys: 3 },
);
/** Fields of one object, in any order; one of each excluding pair at most. */
const fields = (arbs: fc.Arbitrary<[string, unknown]>[], exclusive: [string, string][]) =>
  fc
    .uniqueArray(fc.oneof(...arbs), { selector: ([key]) => key, maxLength: arbs.length })
    .filter((entries) => {
      const keys = entries.map(([key]) => key);
      return exclusive.every(([a, b]) => !(keys.includes(a) && keys.includes(b)));
    })
    .map((entries) => Object.fromEntries(entries));
const statement = fields(
  [
    fc.tuple(fc.constant('Sid'), word),
    fc.tuple(fc.constant('Effect'), fc.constantFrom('Allow', 'Deny', 'allow')),
    fc.tuple(fc.constant('Principal'), principal),
    fc.tuple(fc.constant('NotPrincipal'), principal),
    fc.tuple(fc.constant('Action'), stringList),
    fc.tuple(fc.constant('NotAction'), stringList),
    fc.tuple(fc.constant('Resource'), stringList),
    fc.tuple(fc.constant('NotResource'), stringList),
    fc.tuple(fc.constant('Condition'), condition),
    unknownField(POLICY_STATEMENT_ELEMENTS),
    unknownField(POLICY_STATEMENT_ELEMENTS),
  ],
  [
    ['Action', 'NotAction'],
    ['Resource', 'NotResource'],
    ['Principal', 'NotPrincipal'],
  ],
);
const policy = fields(
  [
    fc.tuple(fc.constant('Version'), fc.constantFrom('2012-10-17', '2008-10-17', '')),
    fc.tuple(fc.constant('Id'), word),
    fc.tuple(fc.constant('Statement'), fc.oneof(statement, fc.array(statement, { maxLength: 4 }))),
    unknownField(['Version', 'Id', 'Statement']),
  ],
  [],
);

describe('policyModel round trip', () => {
  test('any generated policy comes back as the same document, key order included', () => {
    fc.assert(
      fc.property(policy, (doc) => {
        expect(roundTrip(doc)).toBe(JSON.stringify(doc));
      }),
      { numRuns: 400 },
    );
  });

  test('any JSON value either round-trips or is refused as a shape, never changed', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const result = parsePolicyModel(JSON.stringify(value));
        if (result.ok) expect(JSON.stringify(policyModelToJson(result.model))).toBe(JSON.stringify(value));
        else expect(result.reason).toBe('shape');
      }),
    );
  });

  test('a bare string stays bare and an array stays an array', () => {
    const doc = {
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Action: 's3:GetObject', Resource: ['arn:aws:s3:::b/*'] },
        { Effect: 'Deny', Action: ['s3:PutObject'], Resource: 'arn:aws:s3:::b/*' },
      ],
    };
    expect(roundTrip(doc)).toBe(JSON.stringify(doc));
  });

  test('one bare statement object stays one object', () => {
    const doc = { Statement: { Effect: 'Allow', NotAction: 's3:*', Resource: '*' }, Version: '2012-10-17' };
    expect(roundTrip(doc)).toBe(JSON.stringify(doc));
  });

  test('condition values keep their JSON types and operators their qualifiers', () => {
    const doc = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: 's3:ListBucket',
          Resource: 'arn:aws:s3:::b',
          Condition: {
            NumericLessThanEquals: { 's3:max-keys': 10 },
            Bool: { 'aws:SecureTransport': true },
            'ForAnyValue:StringLikeIfExists': { 's3:prefix': ['home/${aws:username}/*', ''] },
          },
        },
      ],
    };
    expect(roundTrip(doc)).toBe(JSON.stringify(doc));
  });

  test('unknown fields are kept where they were, "__proto__" included', () => {
    const text =
      '{"Comment":"x","Version":"2012-10-17","Statement":[{"__proto__":{"a":1},"Effect":"Allow","action":"s3:GetObject"}]}';
    expect(JSON.stringify(policyModelToJson(modelOf(text)))).toBe(text);
  });

  test('principals: "*", AWS lists and other types', () => {
    const doc = {
      Statement: [
        { Principal: '*', Effect: 'Allow', Action: 's3:GetObject', Resource: '*' },
        { NotPrincipal: { AWS: ['a', 'b'], Service: 'x' }, Effect: 'Deny', Action: '*', Resource: '*' },
      ],
    };
    expect(roundTrip(doc)).toBe(JSON.stringify(doc));
  });

  test('documents the builder cannot show are refused, not altered', () => {
    for (const text of [
      '[]',
      '{"Statement":"x"}',
      '{"Statement":[{"Action":5}]}',
      '{"Statement":[{"Action":"a","NotAction":"b"}]}',
      '{"Version":1}',
      '{"Statement":[{"Condition":{"Bool":"yes"}}]}',
    ]) {
      expect(parsePolicyModel(text)).toMatchObject({ ok: false, reason: 'shape' });
    }
    expect(parsePolicyModel('{"Version":')).toMatchObject({ ok: false, reason: 'json' });
  });

  test('edits: a new statement makes an array, NotAction keeps its place when switched', () => {
    const model = modelOf('{"Version":"2012-10-17"}');
    model.statements.push(newStatement());
    expect(policyModelToJson(model)).toEqual({
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: [], Resource: [] }],
    });
    const edited = modelOf('{"Statement":[{"NotAction":"s3:*","Effect":"Allow","Resource":"*"}]}');
    const first = edited.statements[0];
    if (first?.action) first.action.not = false;
    expect(policyModelToText(edited)).toBe(
      JSON.stringify({ Statement: [{ Action: 's3:*', Effect: 'Allow', Resource: '*' }] }, null, 2),
    );
  });
});
