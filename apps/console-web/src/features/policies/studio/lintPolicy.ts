import {
  POLICY_ACTIONS,
  POLICY_CONDITION_KEYS,
  POLICY_CONDITION_OPERATORS,
  POLICY_ELEMENTS,
  POLICY_S3_OBJECT_ACTIONS,
  POLICY_STATEMENT_ELEMENTS,
  POLICY_TAG_KEY_PREFIXES,
  POLICY_VERSIONS,
} from '@stowage/contract/policy-catalogue';
import { type JsonPath, jsonLocations, pathKey } from './jsonLocations.js';

// The studio's checks before a save: what the store would refuse (errors, Save waits for
// them) and what it would accept but is likely a mistake (warnings). Each problem names the
// JSON path it is about and the characters that hold it; its text is `policyStudio.lint.<code>`.

export type PolicyKind = 'identity' | 'bucket';

export interface LintOptions {
  kind: PolicyKind;
  /** For bucket policies: every resource must lie in this bucket. */
  bucket?: string;
}

export interface PolicyLint {
  severity: 'error' | 'warning';
  code: string;
  /** Values for the message's placeholders. */
  params: Record<string, string>;
  path: JsonPath;
  from: number;
  to: number;
}

type Found = Omit<PolicyLint, 'from' | 'to'> & { onKey?: boolean };
type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const [CURRENT_VERSION, OLD_VERSION] = POLICY_VERSIONS;
const S3_ARN = 'arn:aws:s3:::';
/** `*` any run, `?` one character, case-insensitive: the store's action wildcards. */
function wildcard(pattern: string): RegExp {
  const body = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`, 'i');
}

const actionsMatching = (pattern: string): string[] => {
  const re = wildcard(pattern);
  return POLICY_ACTIONS.filter((action) => re.test(action));
};
const isS3Action = (action: string) => action.toLowerCase().startsWith('s3:');
const OBJECT_ACTIONS = new Set<string>(POLICY_S3_OBJECT_ACTIONS.map((a) => a.toLowerCase()));
const KEYS = new Set(POLICY_CONDITION_KEYS.map((k) => k.toLowerCase()));

export function isKnownConditionKey(key: string): boolean {
  const lower = key.toLowerCase();
  return (
    KEYS.has(lower) ||
    POLICY_TAG_KEY_PREFIXES.some((p) => lower.startsWith(p.toLowerCase()) && lower.length > p.length)
  );
}

/** `ForAnyValue:StringLikeIfExists` → `StringLike`; undefined for names the store refuses. */
export function baseOperator(name: string): string | undefined {
  const rest = name.replace(/^(ForAnyValue|ForAllValues):/, '');
  const ifExists = rest.endsWith('IfExists');
  const base = ifExists ? rest.slice(0, -'IfExists'.length) : rest;
  if (!POLICY_CONDITION_OPERATORS.some((op) => op === base)) return undefined;
  return base === 'Null' && ifExists ? undefined : base;
}

const IPV4_CIDR = /^(\d{1,3})(\.\d{1,3}){3}(\/\d{1,2})?$/;
const IPV6_CIDR = /^[0-9a-f:.]*:[0-9a-f:.]*(\/\d{1,3})?$/i;

/** Why a value does not suit the operator (a `policyStudio.lint` reason key), if it does not. */
function valueProblem(operator: string, value: string): string | undefined {
  if (operator === 'Null' || (operator === 'Bool' && !value.includes('${')))
    return /^(true|false)$/i.test(value) ? undefined : 'boolean';
  if (operator.startsWith('Numeric'))
    return value.trim() !== '' && Number.isFinite(Number(value)) ? undefined : 'number';
  if (operator.startsWith('Date'))
    return /^\d+$/.test(value) || !Number.isNaN(Date.parse(value)) ? undefined : 'date';
  if (operator.endsWith('IpAddress'))
    return IPV4_CIDR.test(value) || IPV6_CIDR.test(value) ? undefined : 'ip';
  if (operator === 'BinaryEquals') return /^[A-Za-z0-9+/]*={0,2}$/.test(value) ? undefined : 'base64';
  return undefined;
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);
/** The path of item `i` of an element that may be a bare value. */
const itemPath = (path: JsonPath, value: unknown, i: number): JsonPath =>
  Array.isArray(value) ? [...path, i] : path;

/** Checks a policy document's text; problems in document order. */
export function lintPolicy(text: string, options: LintOptions): PolicyLint[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const at = Number(/position (\d+)/.exec((error as Error).message)?.[1] ?? text.length);
    const from = Math.min(at, text.length);
    return [
      {
        severity: 'error',
        code: 'json',
        params: { detail: (error as Error).message },
        path: [],
        from,
        to: Math.min(from + 1, text.length),
      },
    ];
  }
  const spans = jsonLocations(text);
  const found = findProblems(json, options);
  return found
    .map(({ onKey, ...problem }) => {
      const span = spans.get(pathKey(problem.path)) ?? { from: 0, to: text.length };
      const onName = onKey && span.keyFrom !== undefined && span.keyTo !== undefined;
      return {
        ...problem,
        from: onName ? (span.keyFrom as number) : span.from,
        to: onName ? (span.keyTo as number) : span.to,
      };
    })
    .sort((a, b) => a.from - b.from);
}

export const hasErrors = (problems: readonly PolicyLint[]): boolean =>
  problems.some((p) => p.severity === 'error');

function findProblems(json: unknown, options: LintOptions): Found[] {
  const out: Found[] = [];
  const error = (code: string, path: JsonPath, params: Record<string, string> = {}, onKey = false) =>
    out.push({ severity: 'error', code, path, params, onKey });
  const warn = (code: string, path: JsonPath, params: Record<string, string> = {}, onKey = false) =>
    out.push({ severity: 'warning', code, path, params, onKey });

  if (!isObject(json)) {
    error('notObject', []);
    return out;
  }
  elementNames(json, POLICY_ELEMENTS, [], error, warn);
  const version = json.Version;
  if (version === undefined) error('versionMissing', []);
  else if (version === OLD_VERSION) warn('versionOld', ['Version'], { version: CURRENT_VERSION });
  else if (version !== CURRENT_VERSION) error('versionInvalid', ['Version'], { version: CURRENT_VERSION });

  const statements = json.Statement;
  if (statements === undefined || (Array.isArray(statements) && statements.length === 0)) {
    error('noStatements', statements === undefined ? [] : ['Statement']);
    return out;
  }
  const sids = new Set<string>();
  listOf(statements).forEach((statement, i) => {
    const path = itemPath(['Statement'], statements, i);
    if (!isObject(statement)) {
      error('statementNotObject', path);
      return;
    }
    const sid = statement.Sid;
    if (typeof sid === 'string' && sid !== '') {
      if (sids.has(sid)) error('duplicateSid', [...path, 'Sid'], { sid });
      sids.add(sid);
    }
    lintStatement(statement, path, options, error, warn);
  });
  return out;
}

type Report = (code: string, path: JsonPath, params?: Record<string, string>, onKey?: boolean) => void;

function elementNames(
  object: JsonObject,
  known: readonly string[],
  path: JsonPath,
  error: Report,
  warn: Report,
) {
  for (const name of Object.keys(object)) {
    if (known.includes(name)) continue;
    const spelled = known.find((k) => k.toLowerCase() === name.toLowerCase());
    if (spelled) warn('elementCase', [...path, name], { name, expected: spelled }, true);
    else error('unknownElement', [...path, name], { name }, true);
  }
}

function stringItems(
  statement: JsonObject,
  name: string,
  path: JsonPath,
  error: Report,
): { strings: string[]; present: boolean } {
  const value = statement[name];
  if (value === undefined) return { strings: [], present: false };
  if (Array.isArray(value) && value.length === 0) {
    error('emptyList', [...path, name], { element: name });
    return { strings: [], present: true };
  }
  const strings: string[] = [];
  listOf(value).forEach((item, i) => {
    if (typeof item === 'string' && item !== '') strings.push(item);
    else error('notString', itemPath([...path, name], value, i), { element: name });
  });
  return { strings, present: true };
}

function lintStatement(
  s: JsonObject,
  path: JsonPath,
  { kind, bucket }: LintOptions,
  error: Report,
  warn: Report,
) {
  elementNames(s, POLICY_STATEMENT_ELEMENTS, path, error, warn);
  if (s.Sid !== undefined && typeof s.Sid !== 'string')
    error('notString', [...path, 'Sid'], { element: 'Sid' });
  if (s.Effect !== 'Allow' && s.Effect !== 'Deny')
    error('effect', s.Effect === undefined ? path : [...path, 'Effect']);

  for (const [a, b] of [
    ['Action', 'NotAction'],
    ['Resource', 'NotResource'],
    ['Principal', 'NotPrincipal'],
  ] as const) {
    if (s[a] !== undefined && s[b] !== undefined)
      error('conflict', [...path, b], { first: a, second: b }, true);
  }

  // Actions
  const actionName = s.Action !== undefined ? 'Action' : 'NotAction';
  const actions = stringItems(s, actionName, path, error);
  if (!actions.present) error('actionMissing', path);
  const rawActions = s[actionName];
  actions.strings.forEach((action) => {
    const at = itemPath([...path, actionName], rawActions, listOf(rawActions).indexOf(action));
    const matched = actionsMatching(action);
    if (matched.length === 0) error('unknownAction', at, { action });
    else if (kind === 'bucket' && actionName === 'Action' && !matched.some(isS3Action))
      error('actionNotForBucket', at, { action });
  });

  // Resources
  const resourceName = s.Resource !== undefined ? 'Resource' : 'NotResource';
  const resources = stringItems(s, resourceName, path, error);
  const touchesS3 =
    actionName === 'NotAction' || actions.strings.some((a) => actionsMatching(a).some(isS3Action));
  if (!resources.present && (kind === 'bucket' || touchesS3)) error('resourceMissing', path);
  const rawResources = s[resourceName];
  resources.strings.forEach((resource) => {
    const at = itemPath([...path, resourceName], rawResources, listOf(rawResources).indexOf(resource));
    const s3Arn =
      resource === '*' ||
      (resource.startsWith(S3_ARN) && resource.length > S3_ARN.length && resource[S3_ARN.length] !== '/');
    if (touchesS3 || kind === 'bucket' ? !s3Arn : resource !== '*' && !resource.startsWith('arn:'))
      error('invalidArn', at, { resource });
    else if (kind === 'bucket' && bucket !== undefined && s3Arn && !inBucket(resource, bucket))
      error('resourceOutsideBucket', at, { resource, bucket });
  });
  if (actionName === 'Action' && resourceName === 'Resource')
    mismatchedActions(
      actions.strings,
      resources.strings,
      [...path, 'Action'],
      kind === 'bucket' ? error : warn,
    );

  // Principal
  const hasPrincipal = s.Principal !== undefined || s.NotPrincipal !== undefined;
  if (kind === 'bucket' && !hasPrincipal) error('principalMissing', path);
  if (kind === 'identity' && hasPrincipal)
    error(
      'principalUnexpected',
      [...path, s.Principal !== undefined ? 'Principal' : 'NotPrincipal'],
      {},
      true,
    );
  if (kind === 'bucket' && hasPrincipal) {
    const name = s.Principal !== undefined ? 'Principal' : 'NotPrincipal';
    const principal = s[name];
    if (principal !== '*' && !(isObject(principal) && Object.keys(principal).length > 0))
      error('principalShape', [...path, name]);
    else if (isObject(principal))
      for (const type of Object.keys(principal))
        if (type.toLowerCase() !== 'aws') error('principalType', [...path, name, type], { type }, true);
  }

  // Conditions
  if (s.Condition !== undefined) lintConditions(s.Condition, [...path, 'Condition'], error);

  const wide = (list: string[], all: string[]) => list.some((v) => all.includes(v));
  if (
    s.Effect === 'Allow' &&
    s.Condition === undefined &&
    actionName === 'Action' &&
    resourceName === 'Resource' &&
    wide(actions.strings, ['*', 's3:*']) &&
    wide(resources.strings, ['*', `${S3_ARN}*`])
  )
    warn('allowAll', path);
}

/** MinIO's rule: the pattern matches the bucket itself or something inside it. */
function inBucket(resource: string, bucket: string): boolean {
  const pattern = resource === '*' ? '*' : resource.slice(S3_ARN.length);
  if (wildcard(pattern).test(bucket)) return true;
  const star = pattern.indexOf('*');
  const literal = star === -1 ? pattern : pattern.slice(0, star);
  const head = `${bucket}/`;
  return star === -1 ? pattern.startsWith(head) : literal.startsWith(head) || head.startsWith(literal);
}

/** An object action with only bucket ARNs (or the reverse) can never apply. */
function mismatchedActions(actions: string[], resources: string[], path: JsonPath, report: Report) {
  if (resources.length === 0) return;
  const patterns = resources.map((r) => (r === '*' ? '*' : r.slice(S3_ARN.length)));
  const objectResource = patterns.some((p) => p.includes('/') || p.includes('*'));
  const bucketResource = patterns.some((p) => !p.includes('/') || p === '*');
  for (const action of actions) {
    if (/[*?]/.test(action) || !isS3Action(action)) continue;
    const applies = OBJECT_ACTIONS.has(action.toLowerCase()) ? objectResource : bucketResource;
    if (!applies) report('actionResourceMismatch', path, { action });
  }
}

function lintConditions(condition: unknown, path: JsonPath, error: Report) {
  if (!isObject(condition)) {
    error('conditionShape', path);
    return;
  }
  for (const [operator, block] of Object.entries(condition)) {
    const base = baseOperator(operator);
    if (!base) error('unknownOperator', [...path, operator], { operator }, true);
    if (!isObject(block) || Object.keys(block).length === 0) {
      error('conditionShape', [...path, operator]);
      continue;
    }
    for (const [key, raw] of Object.entries(block)) {
      const at = [...path, operator, key];
      if (!isKnownConditionKey(key)) error('unknownConditionKey', at, { key }, true);
      if (Array.isArray(raw) && raw.length === 0) error('conditionValuesEmpty', at, { key });
      listOf(raw).forEach((value, i) => {
        const where = itemPath(at, raw, i);
        if (!['string', 'number', 'boolean'].includes(typeof value)) {
          error('conditionValueType', where, { key });
          return;
        }
        const reason = base && valueProblem(base, String(value));
        if (reason) error(`conditionValue.${reason}`, where, { operator, key, value: String(value) });
      });
    }
  }
}
