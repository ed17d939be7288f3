import {
  POLICY_CONDITION_KEYS,
  POLICY_CONDITION_OPERATORS,
  POLICY_TAG_KEY_PREFIXES,
} from '@stowage/contract/policy-catalogue';

// What the condition editor completes: every operator name the store accepts (with the
// ForAnyValue:/ForAllValues: qualifiers and the IfExists suffix) and every key it fills in.

const QUALIFIERS = ['', 'ForAnyValue:', 'ForAllValues:'];

export const OPERATOR_NAMES: readonly string[] = QUALIFIERS.flatMap((qualifier) =>
  POLICY_CONDITION_OPERATORS.flatMap((op) =>
    op === 'Null' ? [`${qualifier}${op}`] : [`${qualifier}${op}`, `${qualifier}${op}IfExists`],
  ),
);

export const CONDITION_KEY_NAMES: readonly string[] = [...POLICY_CONDITION_KEYS, ...POLICY_TAG_KEY_PREFIXES];
