import { invalidValueReason, parseOperatorName } from './conditions.js';
import { PolicyError } from './errors.js';
import type { Condition, PrincipalSpec } from './types.js';

// Readers for the JSON pieces of a policy document. Each one either returns the normalised
// value or throws a PolicyError naming where the problem is.

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Element names are matched case-insensitively, as MinIO's Go decoder does, and returned under
 * their canonical spelling. Unknown names and the same name twice are errors.
 */
export function readElements(
  object: JsonObject,
  allowed: readonly string[],
  where: string,
): Map<string, unknown> {
  const elements = new Map<string, unknown>();
  for (const [name, value] of Object.entries(object)) {
    const canonical = allowed.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
    if (!canonical) {
      throw new PolicyError('UnknownElement', `${where}: unknown element "${name}"`);
    }
    if (elements.has(canonical)) {
      throw new PolicyError('DuplicateElement', `${where}: element "${canonical}" appears more than once`);
    }
    elements.set(canonical, value);
  }
  return elements;
}

/** A string or a non-empty array of non-empty strings. */
export function stringList(value: unknown, where: string, element: string): string[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0) {
    throw new PolicyError('MalformedElement', `${where}: ${element} must not be an empty list`);
  }
  return list.map((item) => {
    if (typeof item !== 'string' || item === '') {
      throw new PolicyError(
        'MalformedElement',
        `${where}: ${element} must be a non-empty string or a list of non-empty strings`,
      );
    }
    return item;
  });
}

/** `"*"` or `{"AWS": "..." | [...]}`; other principal types never match a store request. */
export function parsePrincipal(value: unknown, where: string, element: string): PrincipalSpec {
  if (value === '*') return { aws: ['*'] };
  if (!isObject(value) || Object.keys(value).length === 0) {
    throw new PolicyError('InvalidPrincipal', `${where}: ${element} must be "*" or {"AWS": ...}`);
  }
  const aws: string[] = [];
  for (const [type, principals] of Object.entries(value)) {
    if (type.toLowerCase() !== 'aws') {
      throw new PolicyError(
        'InvalidPrincipal',
        `${where}: ${element} type "${type}" is not supported; use "AWS"`,
      );
    }
    aws.push(...stringList(principals, where, `${element} AWS`));
  }
  return { aws };
}

export function parseConditions(value: unknown, where: string): Condition[] {
  if (!isObject(value)) {
    throw new PolicyError('MalformedElement', `${where}: Condition must be a JSON object`);
  }
  const conditions: Condition[] = [];
  for (const [operatorName, block] of Object.entries(value)) {
    const parsed = parseOperatorName(operatorName);
    if (!parsed) {
      throw new PolicyError(
        'UnknownConditionOperator',
        `${where}: unknown condition operator "${operatorName}"`,
      );
    }
    if (!isObject(block) || Object.keys(block).length === 0) {
      throw new PolicyError(
        'MalformedElement',
        `${where}: condition "${operatorName}" must map condition keys to values`,
      );
    }
    for (const [key, raw] of Object.entries(block)) {
      const values = conditionValues(raw, where, operatorName, key);
      for (const conditionValue of values) {
        const reason = invalidValueReason(parsed.operator, conditionValue);
        if (reason) {
          throw new PolicyError(
            'InvalidConditionValue',
            `${where}: ${operatorName} value "${conditionValue}" for key "${key}" ${reason}`,
          );
        }
      }
      conditions.push({ ...parsed, key, values });
    }
  }
  return conditions;
}

function conditionValues(raw: unknown, where: string, operatorName: string, key: string): string[] {
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length === 0) {
    throw new PolicyError(
      'InvalidConditionValue',
      `${where}: ${operatorName} for key "${key}" needs at least one value`,
    );
  }
  return list.map((item) => {
    if (typeof item === 'string') return item;
    if (typeof item === 'number' || typeof item === 'boolean') return String(item);
    throw new PolicyError(
      'InvalidConditionValue',
      `${where}: ${operatorName} values for key "${key}" must be strings, numbers or booleans`,
    );
  });
}
