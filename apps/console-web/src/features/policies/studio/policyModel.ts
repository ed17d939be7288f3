// A policy document as the visual builder edits it, and back, without loss: JSON → model →
// JSON gives the same document. Each object remembers the order its keys were written in,
// whether a list was a bare string or an array, and every field it does not model (kept as
// written), so nothing the user typed in the JSON is dropped by a visit to the builder.

export type Scalar = string | number | boolean;

/** A string or a list of them; `single` when the JSON held a bare value rather than an array. */
export interface ValueList<T = string> {
  values: T[];
  single: boolean;
}

/** Action/NotAction, Resource/NotResource: one of the pair, with its list. */
export interface Negatable {
  not: boolean;
  list: ValueList;
}

/** `"*"`, or `{ "AWS": [...] }` and any other principal types, in their order. */
export type PrincipalValue = '*' | { type: string; list: ValueList }[];

export interface PrincipalModel {
  not: boolean;
  value: PrincipalValue;
}

/** One condition key under an operator, with its values (JSON numbers and booleans kept). */
export interface ConditionKeyModel {
  key: string;
  list: ValueList<Scalar>;
}

/** One operator of a Condition block (`StringLike`, `ForAnyValue:StringEqualsIfExists`...). */
export interface ConditionModel {
  operator: string;
  keys: ConditionKeyModel[];
}

/** Where an object's own fields and the fields it does not model sit among each other. */
interface Layout {
  /** The keys as written, unknown ones included. */
  keyOrder: string[];
  /** Fields the model does not know, kept as written. */
  extra: Map<string, unknown>;
}

export interface StatementModel extends Layout {
  sid?: string;
  /** As written: lint reports anything but Allow and Deny. */
  effect?: string;
  principal?: PrincipalModel;
  action?: Negatable;
  resource?: Negatable;
  condition?: ConditionModel[];
}

export interface PolicyModel extends Layout {
  version?: string;
  id?: string;
  statements: StatementModel[];
  /** How Statement was written: an array, one bare object, or not at all. */
  statementForm: 'array' | 'single' | 'absent';
}

export type ModelResult =
  | { ok: true; model: PolicyModel }
  /** `json`: not JSON at all; `shape`: JSON the builder cannot show (it stays editable as text). */
  | { ok: false; reason: 'json' | 'shape'; message: string };

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Thrown while reading a document the builder cannot show. */
class ShapeError extends Error {}

const shape = (message: string): never => {
  throw new ShapeError(message);
};

const STATEMENT_SLOTS = {
  Sid: ['Sid'],
  Effect: ['Effect'],
  Principal: ['Principal', 'NotPrincipal'],
  Action: ['Action', 'NotAction'],
  Resource: ['Resource', 'NotResource'],
  Condition: ['Condition'],
} as const;
const POLICY_SLOTS = { Version: ['Version'], Id: ['Id'], Statement: ['Statement'] } as const;

function layoutOf(object: JsonObject, known: readonly string[]): Layout {
  const extra = new Map<string, unknown>();
  for (const [key, value] of Object.entries(object)) if (!known.includes(key)) extra.set(key, value);
  return { keyOrder: Object.keys(object), extra };
}

function optionalString(object: JsonObject, key: string): string | undefined {
  const value = object[key];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : shape(`${key} is not a string`);
}

function valueList<T>(raw: unknown, isItem: (v: unknown) => v is T, what: string): ValueList<T> {
  if (Array.isArray(raw)) {
    return raw.every(isItem) ? { values: [...raw], single: false } : shape(`${what} holds a non-string`);
  }
  return isItem(raw) ? { values: [raw], single: true } : shape(`${what} is not a string or a list`);
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isScalar = (v: unknown): v is Scalar =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

function negatable(object: JsonObject, name: string): Negatable | undefined {
  const not = `Not${name}`;
  if (object[name] !== undefined && object[not] !== undefined) shape(`${name} and ${not} are both set`);
  if (object[name] !== undefined) return { not: false, list: valueList(object[name], isString, name) };
  if (object[not] !== undefined) return { not: true, list: valueList(object[not], isString, not) };
  return undefined;
}

function principalOf(object: JsonObject): PrincipalModel | undefined {
  if (object.Principal !== undefined && object.NotPrincipal !== undefined)
    shape('Principal and NotPrincipal are both set');
  const not = object.Principal === undefined;
  const raw = not ? object.NotPrincipal : object.Principal;
  if (raw === undefined) return undefined;
  if (raw === '*') return { not, value: '*' };
  if (!isObject(raw)) return shape('Principal is not "*" or an object');
  return {
    not,
    value: Object.entries(raw).map(([type, list]) => ({ type, list: valueList(list, isString, type) })),
  };
}

function conditionOf(raw: unknown): ConditionModel[] | undefined {
  if (raw === undefined) return undefined;
  if (!isObject(raw)) return shape('Condition is not an object');
  return Object.entries(raw).map(([operator, block]) => {
    if (!isObject(block)) return shape(`${operator} is not an object`);
    return {
      operator,
      keys: Object.entries(block).map(([key, values]) => ({ key, list: valueList(values, isScalar, key) })),
    };
  });
}

function statementOf(raw: unknown): StatementModel {
  if (!isObject(raw)) return shape('a statement is not an object');
  const statement: StatementModel = layoutOf(raw, Object.values(STATEMENT_SLOTS).flat());
  const sid = optionalString(raw, 'Sid');
  if (sid !== undefined) statement.sid = sid;
  const effect = optionalString(raw, 'Effect');
  if (effect !== undefined) statement.effect = effect;
  const principal = principalOf(raw);
  if (principal) statement.principal = principal;
  const action = negatable(raw, 'Action');
  if (action) statement.action = action;
  const resource = negatable(raw, 'Resource');
  if (resource) statement.resource = resource;
  const condition = conditionOf(raw.Condition);
  if (condition) statement.condition = condition;
  return statement;
}

/** Reads a document's text into the builder's model, or says why it cannot. */
export function parsePolicyModel(text: string): ModelResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: 'json', message: (error as Error).message };
  }
  try {
    return { ok: true, model: policyModelOf(json) };
  } catch (error) {
    if (error instanceof ShapeError) return { ok: false, reason: 'shape', message: error.message };
    throw error;
  }
}

function policyModelOf(json: unknown): PolicyModel {
  if (!isObject(json)) return shape('the document is not a JSON object');
  const model: PolicyModel = {
    ...layoutOf(json, Object.values(POLICY_SLOTS).flat()),
    statements: [],
    statementForm: 'absent',
  };
  const version = optionalString(json, 'Version');
  if (version !== undefined) model.version = version;
  const id = optionalString(json, 'Id');
  if (id !== undefined) model.id = id;
  const raw = json.Statement;
  if (Array.isArray(raw)) {
    model.statements = raw.map(statementOf);
    model.statementForm = 'array';
  } else if (raw !== undefined) {
    model.statements = [statementOf(raw)];
    model.statementForm = 'single';
  }
  return model;
}

const listJson = <T>(list: ValueList<T>): T | T[] =>
  list.single && list.values.length === 1 ? (list.values[0] as T) : [...list.values];

/**
 * The fields of an object in the order they were written; a slot that is new takes its place
 * after them in the canonical order. Built with fromEntries so any key ("__proto__" too) stays data.
 */
function ordered(
  layout: Layout,
  slots: Record<string, readonly string[]>,
  entries: Record<string, [string, unknown] | undefined>,
): JsonObject {
  const out: [string, unknown][] = [];
  const done = new Set<string>();
  const slotOf = (key: string) => Object.keys(slots).find((slot) => slots[slot]?.includes(key));
  for (const key of layout.keyOrder) {
    if (layout.extra.has(key)) {
      out.push([key, layout.extra.get(key)]);
      continue;
    }
    const slot = slotOf(key);
    if (slot === undefined || done.has(slot)) continue;
    done.add(slot);
    const entry = entries[slot];
    if (entry) out.push(entry);
  }
  for (const slot of Object.keys(slots)) {
    const entry = entries[slot];
    if (!done.has(slot) && entry) out.push(entry);
  }
  return Object.fromEntries(out);
}

function principalJson(value: PrincipalValue): unknown {
  return value === '*' ? '*' : Object.fromEntries(value.map(({ type, list }) => [type, listJson(list)]));
}

function statementJson(s: StatementModel): JsonObject {
  const pair = (name: string, n: Negatable | undefined): [string, unknown] | undefined =>
    n && [n.not ? `Not${name}` : name, listJson(n.list)];
  return ordered(s, STATEMENT_SLOTS, {
    Sid: s.sid === undefined ? undefined : ['Sid', s.sid],
    Effect: s.effect === undefined ? undefined : ['Effect', s.effect],
    Principal: s.principal && [
      s.principal.not ? 'NotPrincipal' : 'Principal',
      principalJson(s.principal.value),
    ],
    Action: pair('Action', s.action),
    Resource: pair('Resource', s.resource),
    Condition: s.condition && [
      'Condition',
      Object.fromEntries(
        s.condition.map((c) => [
          c.operator,
          Object.fromEntries(c.keys.map((k) => [k.key, listJson(k.list)])),
        ]),
      ),
    ],
  });
}

/** The model as the JSON value it stands for. */
export function policyModelToJson(model: PolicyModel): JsonObject {
  const statements = model.statements.map(statementJson);
  const form = model.statementForm === 'absent' && statements.length > 0 ? 'array' : model.statementForm;
  return ordered(model, POLICY_SLOTS, {
    Version: model.version === undefined ? undefined : ['Version', model.version],
    Id: model.id === undefined ? undefined : ['Id', model.id],
    Statement:
      form === 'absent'
        ? undefined
        : ['Statement', form === 'single' && statements.length === 1 ? statements[0] : statements],
  });
}

/** The model as text, two-space indented as the editor shows documents. */
export function policyModelToText(model: PolicyModel): string {
  return JSON.stringify(policyModelToJson(model), null, 2);
}

/** A statement the builder adds: Allow, no actions or resources yet. */
export function newStatement(): StatementModel {
  return {
    keyOrder: [],
    extra: new Map(),
    effect: 'Allow',
    action: { not: false, list: { values: [], single: false } },
    resource: { not: false, list: { values: [], single: false } },
  };
}
