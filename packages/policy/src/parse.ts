import {
  actionMatches,
  isKnownActionPattern,
  isObjectAction,
  S3_ACTIONS,
  s3ActionsCovered,
} from './actions.js';
import { PolicyError } from './errors.js';
import { isObject, parseConditions, parsePrincipal, readElements, stringList } from './parse-elements.js';
import {
  type Effect,
  POLICY_VERSIONS,
  type Policy,
  type PolicyKind,
  type PolicyVersion,
  type Statement,
} from './types.js';
import { hasWildcard, matchWildcard, patternAcceptsPrefix } from './wildcard.js';

export { PolicyError } from './errors.js';

export interface ParseOptions {
  kind: PolicyKind;
  /** For bucket policies: every resource must lie in this bucket. */
  bucket?: string;
}

const POLICY_ELEMENTS = ['Version', 'Id', 'Statement'] as const;
const STATEMENT_ELEMENTS = [
  'Sid',
  'Effect',
  'Principal',
  'NotPrincipal',
  'Action',
  'NotAction',
  'Resource',
  'NotResource',
  'Condition',
] as const;

const S3_ARN_PREFIX = 'arn:aws:s3:::';

/** Validates a policy document as MinIO and AWS do and returns its normalised form. */
export function parsePolicy(text: string, opts: ParseOptions): Policy {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new PolicyError('InvalidJson', `Policy is not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(json)) throw new PolicyError('MalformedElement', 'Policy must be a JSON object');

  const elements = readElements(json, POLICY_ELEMENTS, 'Policy');
  const version = parseVersion(elements.get('Version'));
  const id = elements.get('Id');
  if (id !== undefined && typeof id !== 'string') {
    throw new PolicyError('MalformedElement', 'Policy: Id must be a string');
  }

  const rawStatements = elements.get('Statement');
  if (rawStatements === undefined) throw new PolicyError('MissingStatement', 'Policy is missing Statement');
  const list = Array.isArray(rawStatements) ? rawStatements : [rawStatements];
  if (list.length === 0) throw new PolicyError('MissingStatement', 'Policy Statement must not be empty');

  const statements = list.map((raw, index) => parseStatement(raw, index, opts));
  rejectDuplicateSids(statements);
  return id === undefined ? { version, statements } : { version, id, statements };
}

function parseVersion(raw: unknown): PolicyVersion {
  if (raw === undefined) throw new PolicyError('MissingVersion', 'Policy is missing Version');
  const version = POLICY_VERSIONS.find((known) => known === raw);
  if (!version) {
    throw new PolicyError(
      'InvalidVersion',
      `Policy Version ${JSON.stringify(raw)} is not supported; use "2012-10-17" or "2008-10-17"`,
    );
  }
  return version;
}

function rejectDuplicateSids(statements: readonly Statement[]): void {
  const seen = new Set<string>();
  for (const { sid } of statements) {
    if (sid === undefined || sid === '') continue;
    if (seen.has(sid)) {
      throw new PolicyError('DuplicateSid', `Policy has more than one statement with Sid "${sid}"`);
    }
    seen.add(sid);
  }
}

function parseStatement(raw: unknown, index: number, opts: ParseOptions): Statement {
  let where = `Statement ${index + 1}`;
  if (!isObject(raw)) throw new PolicyError('MalformedElement', `${where} must be a JSON object`);
  const elements = readElements(raw, STATEMENT_ELEMENTS, where);

  const sid = elements.get('Sid');
  if (sid !== undefined && typeof sid !== 'string') {
    throw new PolicyError('MalformedElement', `${where}: Sid must be a string`);
  }
  if (sid) where = `${where} (Sid "${sid}")`;

  const statement: Statement = { effect: parseEffect(elements.get('Effect'), where), conditions: [] };
  if (sid !== undefined) statement.sid = sid;

  const pick = (name: (typeof STATEMENT_ELEMENTS)[number]) => {
    const value = elements.get(name);
    return value === undefined ? undefined : stringList(value, where, name);
  };
  exclusive(elements, 'Action', 'NotAction', where);
  exclusive(elements, 'Resource', 'NotResource', where);
  exclusive(elements, 'Principal', 'NotPrincipal', where);

  const actions = pick('Action');
  const notActions = pick('NotAction');
  if (!actions && !notActions)
    throw new PolicyError('MissingAction', `${where}: Action or NotAction is required`);
  for (const action of actions ?? notActions ?? []) {
    if (!isKnownActionPattern(action)) {
      throw new PolicyError('UnknownAction', `${where}: unknown action "${action}"`);
    }
  }
  if (actions) statement.actions = actions;
  if (notActions) statement.notActions = notActions;

  const resources = pick('Resource');
  const notResources = pick('NotResource');
  if (resources) statement.resources = resources;
  if (notResources) statement.notResources = notResources;

  const condition = elements.get('Condition');
  if (condition !== undefined) statement.conditions = parseConditions(condition, where);

  const principal = elements.get('Principal');
  const notPrincipal = elements.get('NotPrincipal');
  if (opts.kind === 'identity') {
    if (principal !== undefined || notPrincipal !== undefined) {
      throw new PolicyError('UnexpectedPrincipal', `${where}: an identity policy cannot name a Principal`);
    }
    validateIdentityResources(statement, where);
  } else {
    if (principal === undefined && notPrincipal === undefined) {
      throw new PolicyError(
        'MissingPrincipal',
        `${where}: a bucket policy statement needs Principal or NotPrincipal`,
      );
    }
    if (principal !== undefined) statement.principal = parsePrincipal(principal, where, 'Principal');
    if (notPrincipal !== undefined)
      statement.notPrincipal = parsePrincipal(notPrincipal, where, 'NotPrincipal');
    validateBucketStatement(statement, where, opts.bucket);
  }
  return statement;
}

function parseEffect(raw: unknown, where: string): Effect {
  if (raw === 'Allow' || raw === 'Deny') return raw;
  const shown = raw === undefined ? 'missing' : JSON.stringify(raw);
  throw new PolicyError('InvalidEffect', `${where}: Effect must be "Allow" or "Deny" (got ${shown})`);
}

function exclusive(elements: Map<string, unknown>, first: string, second: string, where: string): void {
  if (elements.has(first) && elements.has(second)) {
    throw new PolicyError('ConflictingElements', `${where}: ${first} and ${second} cannot both be set`);
  }
}

function resourcesOf(statement: Statement): string[] {
  return statement.resources ?? statement.notResources ?? [];
}

/** MinIO lets statements of only admin/KMS/STS actions omit Resource (consoleAdmin does). */
function validateIdentityResources(statement: Statement, where: string): void {
  const touchesS3 = s3ActionsCovered(statement).length > 0;
  if (touchesS3 && !statement.resources && !statement.notResources) {
    throw new PolicyError('MissingResource', `${where}: Resource or NotResource is required for s3 actions`);
  }
  for (const resource of resourcesOf(statement)) {
    const valid = touchesS3 ? isS3Resource(resource) : resource === '*' || resource.startsWith('arn:');
    if (!valid) throw new PolicyError('InvalidResource', `${where}: invalid resource "${resource}"`);
  }
}

function validateBucketStatement(statement: Statement, where: string, bucket: string | undefined): void {
  for (const action of statement.actions ?? []) {
    if (!S3_ACTIONS.some((known) => actionMatches(action, known))) {
      throw new PolicyError(
        'ActionNotAllowed',
        `${where}: action "${action}" cannot be used in a bucket policy`,
      );
    }
  }
  if (!statement.resources && !statement.notResources) {
    throw new PolicyError('MissingResource', `${where}: Resource or NotResource is required`);
  }
  for (const resource of resourcesOf(statement)) {
    if (!isS3Resource(resource))
      throw new PolicyError('InvalidResource', `${where}: invalid resource "${resource}"`);
    if (bucket !== undefined && !inBucket(resource, bucket)) {
      throw new PolicyError(
        'ResourceOutsideBucket',
        `${where}: resource "${resource}" is not in bucket "${bucket}"`,
      );
    }
  }
  rejectInapplicableActions(statement, where);
}

function isS3Resource(resource: string): boolean {
  if (resource === '*') return true;
  // A leading slash could never match a bucket, as MinIO also refuses.
  return (
    resource.startsWith(S3_ARN_PREFIX) &&
    resource.length > S3_ARN_PREFIX.length &&
    resource[S3_ARN_PREFIX.length] !== '/'
  );
}

/** MinIO's rule: the pattern matches the bucket itself or can match something inside it. */
function inBucket(resource: string, bucket: string): boolean {
  const pattern = resource === '*' ? '*' : resource.slice(S3_ARN_PREFIX.length);
  return matchWildcard(pattern, bucket) || patternAcceptsPrefix(pattern, `${bucket}/`);
}

/** AWS: "Action does not apply to any resource(s) in statement", for explicitly named actions. */
function rejectInapplicableActions(statement: Statement, where: string): void {
  if (!statement.resources) return;
  const patterns = statement.resources.map((resource) =>
    resource === '*' ? '*' : resource.slice(S3_ARN_PREFIX.length),
  );
  const objectResource = patterns.some((pattern) => pattern.includes('/') || pattern.includes('*'));
  const bucketResource = patterns.some((pattern) => !pattern.includes('/') || pattern === '*');
  for (const action of statement.actions ?? []) {
    if (hasWildcard(action)) continue;
    const applies = isObjectAction(action) ? objectResource : bucketResource;
    if (!applies) {
      throw new PolicyError(
        'ActionResourceMismatch',
        `${where}: action "${action}" does not apply to any resource in the statement`,
      );
    }
  }
}

/**
 * A session or embedded (access key) policy, which narrows what its parent may do: one that no
 * longer parses (stored before a stricter check) allows nothing, rather than failing requests.
 */
export function parseLimitPolicy(text: string): Policy {
  try {
    return parsePolicy(text, { kind: 'identity' });
  } catch (err) {
    if (!(err instanceof PolicyError)) throw err;
    return { version: '2012-10-17', statements: [] };
  }
}
