import { isMap, isPair, isScalar, isSeq, type Node, parseDocument } from 'yaml';

// Edit YAML's inline validation: the text's YAML syntax, then the Tenant against the CRD's
// structural schema (tenant-schema.generated.json), the way kube-apiserver judges it: wrong
// types, missing required fields and broken patterns are errors (it would answer 422); fields
// the schema does not know are warnings, since the API server silently drops them.

export interface CrdSchema {
  type?: string;
  properties?: Record<string, CrdSchema>;
  items?: CrdSchema;
  required?: string[];
  pattern?: string;
  nullable?: boolean;
  additionalProperties?: boolean | CrdSchema;
  anyOf?: CrdSchema[];
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
}

export interface YamlProblem {
  severity: 'error' | 'warning';
  message: string;
  /** Offsets in the text the problem points at. */
  from: number;
  to: number;
  /** 1-based line of `from`. */
  line: number;
}

type Path = (string | number)[];
interface SchemaIssue {
  severity: YamlProblem['severity'];
  message: string;
  path: Path;
}

const describe = (path: Path) =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
    .join('')
    .slice(1);

function typeMatches(value: unknown, type: string | undefined): boolean {
  switch (type) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return true;
  }
}

function check(value: unknown, schema: CrdSchema, path: Path, issues: SchemaIssue[]): void {
  if (value === null || value === undefined) return;
  const at = describe(path) || 'the tenant';
  if (schema['x-kubernetes-int-or-string']) {
    if (!Number.isInteger(value) && typeof value !== 'string')
      issues.push({ severity: 'error', path, message: `${at} must be an integer or a string` });
    return;
  }
  if (schema.anyOf && !schema.anyOf.some((branch) => schemaIssues(value, branch, path).length === 0)) {
    issues.push({ severity: 'error', path, message: `${at} matches none of its allowed shapes` });
    return;
  }
  if (!typeMatches(value, schema.type)) {
    issues.push({ severity: 'error', path, message: `${at} must be of type ${schema.type}` });
    return;
  }
  if (typeof value === 'string' && schema.pattern && !safeTest(schema.pattern, value))
    issues.push({ severity: 'error', path, message: `${at} must match ${schema.pattern}` });
  if (Array.isArray(value)) {
    const items = schema.items;
    if (items) for (const [i, item] of value.entries()) check(item, items, [...path, i], issues);
    return;
  }
  if (schema.type !== 'object' || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  for (const field of schema.required ?? [])
    if (record[field] === undefined)
      issues.push({ severity: 'error', path, message: `${at} is missing the required field ${field}` });
  for (const [key, child] of Object.entries(record)) {
    const known = schema.properties?.[key];
    if (known) check(child, known, [...path, key], issues);
    else if (typeof schema.additionalProperties === 'object')
      check(child, schema.additionalProperties, [...path, key], issues);
    else if (
      schema.properties &&
      !schema['x-kubernetes-preserve-unknown-fields'] &&
      schema.additionalProperties !== true
    )
      issues.push({
        severity: 'warning',
        path: [...path, key],
        message: `${describe([...path, key])} is not a Tenant field; the API server drops it`,
      });
  }
}

function safeTest(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return true;
  }
}

/** The schema's complaints about a parsed value, each with the path it concerns. */
export function schemaIssues(value: unknown, schema: CrdSchema, path: Path = []): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  check(value, schema, path, issues);
  return issues;
}

/** The text range of the node at `path` (a map entry's key for a field), or of the nearest parent. */
function rangeAt(contents: Node | null, path: Path): [number, number] {
  let node: unknown = contents;
  let range: [number, number] = [0, 0];
  const nodeRange = (n: unknown): [number, number] | undefined => {
    const r = (n as { range?: [number, number, number] } | null)?.range;
    return r ? [r[0], r[1]] : undefined;
  };
  range = nodeRange(node) ?? range;
  for (const step of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === step);
      if (!pair) break;
      range = nodeRange(pair.key) ?? range;
      node = pair.value;
    } else if (isSeq(node) && typeof step === 'number') {
      node = node.items[step];
      range = nodeRange(node) ?? range;
    } else break;
  }
  return range;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Every syntax and schema problem of the edited text, in the order of the text. */
export function tenantYamlProblems(text: string, schema: CrdSchema): YamlProblem[] {
  const doc = parseDocument(text, { prettyErrors: false });
  const located = (severity: YamlProblem['severity'], message: string, [from, to]: [number, number]) => ({
    severity,
    message,
    from,
    to: Math.max(to, from),
    line: lineOf(text, from),
  });
  if (doc.errors.length > 0)
    return doc.errors.map((e) => located('error', `YAML syntax: ${e.message.split('\n')[0]}`, e.pos));
  const issues = schemaIssues(doc.toJS(), schema);
  return issues
    .map((issue) => located(issue.severity, issue.message, rangeAt(doc.contents, issue.path)))
    .sort((a, b) => a.from - b.from);
}
