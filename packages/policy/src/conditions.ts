import { BlockList, isIP } from 'node:net';
import { CONDITION_OPERATORS, type Condition, type ConditionOperator, type SetQualifier } from './types.js';
import {
  chunksToText,
  contextKey,
  literalPattern,
  type RequestContext,
  substituteVariables,
} from './variables.js';
import { matchPattern, type PatternChunk } from './wildcard.js';

// Condition operators with AWS semantics:
// - values of one key are OR-ed; negated operators are the NOR of their positive twin;
// - a key absent from the request fails a positive operator and satisfies a negated one,
//   except with `...IfExists` (absent passes) and `Null` (tests presence itself);
// - `ForAnyValue:` needs one request value to match, `ForAllValues:` needs every request
//   value to match and holds when the key is absent.

type ValueTest = (requestValue: string) => boolean;
/** Builds the test for one policy value; `undefined` when the value can match nothing. */
type Prepare = (policyValue: PatternChunk[]) => ValueTest | undefined;

interface OperatorSpec {
  prepare: Prepare;
  negated: boolean;
  /** String and ARN operators (and Bool) accept policy variables in their values. */
  variables: boolean;
}

const text = (chunks: PatternChunk[]): string => chunksToText(chunks);

const stringEquals: Prepare = (chunks) => {
  const expected = text(chunks);
  return (value) => value === expected;
};
const stringEqualsIgnoreCase: Prepare = (chunks) => {
  const expected = text(chunks).toLowerCase();
  return (value) => value.toLowerCase() === expected;
};
const stringLike: Prepare = (chunks) => (value) => matchPattern(chunks, value);
const arnLike: Prepare = (chunks) => (value) => arnMatches(chunks, value);

const numeric =
  (compare: (request: number, policy: number) => boolean): Prepare =>
  (chunks) => {
    const expected = parseNumber(text(chunks));
    if (expected === undefined) return undefined;
    return (value) => {
      const actual = parseNumber(value);
      return actual !== undefined && compare(actual, expected);
    };
  };

const date =
  (compare: (request: number, policy: number) => boolean): Prepare =>
  (chunks) => {
    const expected = parseDate(text(chunks));
    if (expected === undefined) return undefined;
    return (value) => {
      const actual = parseDate(value);
      return actual !== undefined && compare(actual, expected);
    };
  };

const bool: Prepare = (chunks) => {
  const expected = text(chunks).toLowerCase();
  return (value) => value.toLowerCase() === expected;
};

const binaryEquals: Prepare = (chunks) => {
  const expected = Buffer.from(text(chunks), 'base64');
  return (value) => isBase64(value) && Buffer.from(value, 'base64').equals(expected);
};

const IPV4_MAPPED = new BlockList();
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

const ipAddress: Prepare = (chunks) => {
  const range = parseCidr(text(chunks));
  if (!range) return undefined;
  const list = new BlockList();
  list.addSubnet(range.address, range.prefix, range.family);
  // An IPv6 range holds IPv4 clients only through its IPv4-mapped part (::ffff:0:0/96), as
  // in Go's net.IPNet that MinIO uses; BlockList would match them against any IPv6 range.
  const holdsIpv4 =
    range.family === 'ipv4' || (range.prefix >= 96 && IPV4_MAPPED.check(range.address, 'ipv6'));
  return (value) => {
    const family = isIP(value);
    if (family === 0 || (family === 4 && !holdsIpv4)) return false;
    // BlockList also matches IPv4-mapped IPv6 addresses against IPv4 ranges and back.
    return list.check(value, family === 4 ? 'ipv4' : 'ipv6');
  };
};

const eq = (a: number, b: number) => a === b;
const lt = (a: number, b: number) => a < b;
const le = (a: number, b: number) => a <= b;
const gt = (a: number, b: number) => a > b;
const ge = (a: number, b: number) => a >= b;

const positive = (prepare: Prepare, variables = false): OperatorSpec => ({
  prepare,
  negated: false,
  variables,
});
const negated = (prepare: Prepare, variables = false): OperatorSpec => ({
  prepare,
  negated: true,
  variables,
});

const OPERATORS: Readonly<Record<Exclude<ConditionOperator, 'Null'>, OperatorSpec>> = {
  StringEquals: positive(stringEquals, true),
  StringNotEquals: negated(stringEquals, true),
  StringEqualsIgnoreCase: positive(stringEqualsIgnoreCase, true),
  StringNotEqualsIgnoreCase: negated(stringEqualsIgnoreCase, true),
  StringLike: positive(stringLike, true),
  StringNotLike: negated(stringLike, true),
  NumericEquals: positive(numeric(eq)),
  NumericNotEquals: negated(numeric(eq)),
  NumericLessThan: positive(numeric(lt)),
  NumericLessThanEquals: positive(numeric(le)),
  NumericGreaterThan: positive(numeric(gt)),
  NumericGreaterThanEquals: positive(numeric(ge)),
  DateEquals: positive(date(eq)),
  DateNotEquals: negated(date(eq)),
  DateLessThan: positive(date(lt)),
  DateLessThanEquals: positive(date(le)),
  DateGreaterThan: positive(date(gt)),
  DateGreaterThanEquals: positive(date(ge)),
  Bool: positive(bool, true),
  BinaryEquals: positive(binaryEquals),
  IpAddress: positive(ipAddress),
  NotIpAddress: negated(ipAddress),
  // AWS documents ArnEquals and ArnLike as the same per-component wildcard match.
  ArnEquals: positive(arnLike, true),
  ArnLike: positive(arnLike, true),
  ArnNotEquals: negated(arnLike, true),
  ArnNotLike: negated(arnLike, true),
};

const SET_QUALIFIERS: readonly SetQualifier[] = ['ForAnyValue', 'ForAllValues'];

export interface ParsedOperatorName {
  operator: ConditionOperator;
  qualifier?: SetQualifier;
  ifExists: boolean;
}

/** Splits `ForAnyValue:StringLikeIfExists` into its parts; `undefined` for unknown names. */
export function parseOperatorName(name: string): ParsedOperatorName | undefined {
  const qualifier = SET_QUALIFIERS.find((candidate) => name.startsWith(`${candidate}:`));
  let rest = qualifier ? name.slice(qualifier.length + 1) : name;
  const ifExists = rest.endsWith('IfExists');
  if (ifExists) rest = rest.slice(0, -'IfExists'.length);
  const operator = CONDITION_OPERATORS.find((known) => known === rest);
  // Null tests presence itself, so "NullIfExists" means nothing.
  if (!operator || (operator === 'Null' && ifExists)) return undefined;
  return qualifier ? { operator, qualifier, ifExists } : { operator, ifExists };
}

/** Why a policy value is unusable with `operator`, or `undefined` when it is fine. */
export function invalidValueReason(operator: ConditionOperator, value: string): string | undefined {
  const usesVariable = value.includes('${');
  switch (operator) {
    case 'Null':
      return /^(true|false)$/i.test(value) ? undefined : 'must be "true" or "false"';
    case 'Bool':
      return usesVariable || /^(true|false)$/i.test(value) ? undefined : 'must be "true" or "false"';
    case 'BinaryEquals':
      return isBase64(value) ? undefined : 'must be base64';
    case 'IpAddress':
    case 'NotIpAddress':
      return parseCidr(value) ? undefined : 'must be an IPv4 or IPv6 address or CIDR block';
  }
  if (operator.startsWith('Numeric')) {
    return parseNumber(value) === undefined ? 'must be a number' : undefined;
  }
  if (operator.startsWith('Date')) {
    return parseDate(value) === undefined ? 'must be an ISO 8601 date or epoch seconds' : undefined;
  }
  return undefined;
}

export function conditionsHold(
  conditions: readonly Condition[],
  context: RequestContext,
  variables: boolean,
): boolean {
  return conditions.every((condition) => conditionHolds(condition, context, variables));
}

export function conditionHolds(condition: Condition, context: RequestContext, variables: boolean): boolean {
  const requestValues = context.get(contextKey(condition.key)) ?? [];
  const present = requestValues.length > 0;
  if (condition.operator === 'Null') {
    return condition.values.some((value) => (value.toLowerCase() === 'true') === !present);
  }
  if (!present && condition.ifExists) return true;

  const spec = OPERATORS[condition.operator];
  const tests = condition.values.flatMap((value) => {
    const chunks = spec.variables && variables ? substituteVariables(value, context) : literalPattern(value);
    const test = chunks && spec.prepare(chunks);
    return test ? [test] : [];
  });
  const matchesPolicy = (requestValue: string) => tests.some((test) => test(requestValue));
  const satisfies = (requestValue: string) => matchesPolicy(requestValue) !== spec.negated;

  switch (condition.qualifier) {
    case 'ForAllValues':
      return requestValues.every(satisfies);
    case 'ForAnyValue':
      return requestValues.some(satisfies);
    default: {
      const anyMatch = requestValues.some(matchesPolicy);
      return spec.negated ? !anyMatch : anyMatch;
    }
  }
}

function parseNumber(value: string): number | undefined {
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(value)) return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** Milliseconds since the epoch from ISO 8601 or from epoch seconds (aws:EpochTime). */
function parseDate(value: string): number | undefined {
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  if (!ISO_DATE.test(value)) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

function isBase64(value: string): boolean {
  return value.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(value);
}

export interface Cidr {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

export function parseCidr(value: string): Cidr | undefined {
  const [address = '', prefixText, ...extra] = value.split('/');
  const version = isIP(address);
  if (version === 0 || extra.length > 0) return undefined;
  const max = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return undefined;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/**
 * `arn:partition:service:region:account:resource`, each of the six parts matched on its own
 * so a `*` cannot spill across a colon. A pattern that is not an ARN matches as a whole.
 */
function arnMatches(pattern: PatternChunk[], value: string): boolean {
  const patternParts = splitArnChunks(pattern);
  const valueParts = splitArn(value);
  if (!patternParts || !valueParts) return matchPattern(pattern, value);
  return patternParts.every((part, index) => matchPattern(part, valueParts[index] ?? ''));
}

function splitArn(value: string): string[] | undefined {
  const parts = value.split(':');
  if (parts.length < 6) return undefined;
  return [...parts.slice(0, 5), parts.slice(5).join(':')];
}

function splitArnChunks(chunks: PatternChunk[]): PatternChunk[][] | undefined {
  const parts: PatternChunk[][] = [[]];
  for (const chunk of chunks) {
    // Only the first five colons separate parts; the resource part may contain colons.
    const pieces = parts.length < 6 ? chunk.text.split(':') : [chunk.text];
    pieces.forEach((piece, index) => {
      if (index > 0) {
        if (parts.length < 6) parts.push([]);
        else parts[parts.length - 1]?.push({ text: ':', wildcards: false });
      }
      parts[parts.length - 1]?.push({ text: piece, wildcards: chunk.wildcards });
    });
  }
  return parts.length === 6 ? parts : undefined;
}
