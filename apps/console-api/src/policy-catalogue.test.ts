import {
  POLICY_ACTIONS,
  POLICY_CONDITION_KEYS,
  POLICY_CONDITION_OPERATORS,
  POLICY_S3_OBJECT_ACTIONS,
} from '@stowage/contract/policy-catalogue';
import { CONDITION_KEYS, CONDITION_OPERATORS, isObjectAction, KNOWN_ACTIONS } from '@stowage/policy';
import { describe, expect, test } from 'vitest';

// The console's policy studio offers the contract's catalogue; the store decides what it
// accepts (with @stowage/policy's lists). Only here may one test see both (the policy package
// imports no console code, the contract no server code), so a name added to one list and not the other fails this test.
describe('the policy catalogue matches the store', () => {
  test('the same actions, in the same order', () => {
    expect([...POLICY_ACTIONS]).toEqual([...KNOWN_ACTIONS]);
  });

  test('the same object-level S3 actions', () => {
    expect([...POLICY_S3_OBJECT_ACTIONS]).toEqual(KNOWN_ACTIONS.filter((action) => isObjectAction(action)));
  });

  test('the same condition operators and keys', () => {
    expect([...POLICY_CONDITION_OPERATORS]).toEqual([...CONDITION_OPERATORS]);
    expect([...POLICY_CONDITION_KEYS]).toEqual([...CONDITION_KEYS]);
  });
});
