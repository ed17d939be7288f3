// Form rules read from the contract's TypeBox schemas at run time, so that lengths, patterns and
// required fields have one source: the schema the API validates the request with.

/** The rules of one string property. */
export interface StringRules {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

/** The parts of an object schema the forms read. */
export interface ObjectRules {
  properties: Record<string, unknown>;
  required?: readonly string[];
}

export type FieldProblem =
  | { kind: 'required' }
  | { kind: 'pattern' }
  | { kind: 'tooShort'; min: number }
  | { kind: 'tooLong'; max: number };

/** What is wrong with one string against its schema rules; undefined when it is fine. */
export function stringProblem(
  rules: StringRules,
  value: string,
  required: boolean,
): FieldProblem | undefined {
  if (value === '') return required ? { kind: 'required' } : undefined;
  if (rules.minLength !== undefined && value.length < rules.minLength)
    return { kind: 'tooShort', min: rules.minLength };
  if (rules.maxLength !== undefined && value.length > rules.maxLength)
    return { kind: 'tooLong', max: rules.maxLength };
  if (rules.pattern !== undefined && !new RegExp(rules.pattern).test(value)) return { kind: 'pattern' };
  return undefined;
}

/** The rules of a string schema (its other keywords left out). */
export function stringRules(schema: unknown): StringRules {
  const { minLength, maxLength, pattern } = schema as StringRules;
  return {
    ...(minLength !== undefined && { minLength }),
    ...(maxLength !== undefined && { maxLength }),
    ...(pattern !== undefined && { pattern }),
  };
}

/** One property's string rules; a property the schema does not have is a programming error. */
export function propertyRules<S extends ObjectRules>(
  schema: S,
  key: keyof S['properties'] & string,
): StringRules {
  const property = schema.properties[key];
  if (!property) throw new Error(`the schema has no property ${key}`);
  return stringRules(property);
}

export const isRequiredIn = (schema: ObjectRules, key: string): boolean =>
  (schema.required ?? []).includes(key);

/** One field of a request checked against the request's schema (its rules and whether it is required). */
export function fieldProblem<S extends ObjectRules>(
  schema: S,
  key: keyof S['properties'] & string,
  value: string,
): FieldProblem | undefined {
  return stringProblem(propertyRules(schema, key), value, isRequiredIn(schema, key));
}
