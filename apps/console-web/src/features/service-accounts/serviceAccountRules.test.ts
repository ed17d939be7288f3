import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.js';
import { KEY_RULES, serviceAccountProblem } from './serviceAccountRules.js';

const keys = (accessKey: string, secretKey: string) => ({ policy: '', keys: { accessKey, secretKey } });

describe('service account rules from the contract', () => {
  it("checks chosen keys against ServiceAccountCredentialsRequest's lengths and pattern", () => {
    expect(serviceAccountProblem(keys('svc.key', 'long-enough'))).toBeUndefined();
    expect(serviceAccountProblem(keys('ab', 'long-enough'))).toBe('accessKey');
    expect(serviceAccountProblem(keys('x'.repeat(21), 'long-enough'))).toBe('accessKey');
    expect(serviceAccountProblem(keys('has space', 'long-enough'))).toBe('accessKey');
    expect(serviceAccountProblem(keys('svc.key', 'short'))).toBe('secretKey');
    expect(serviceAccountProblem(keys('svc.key', 's'.repeat(41)))).toBe('secretKey');
    expect(serviceAccountProblem({ policy: '[]' })).toBe('policyJson');
  });

  it("words the limits from the contract's numbers", () => {
    const { minLength, maxLength } = KEY_RULES.secretKey;
    expect(
      i18n.t('serviceAccounts.problems.secretKey', { min: String(minLength), max: String(maxLength) }),
    ).toBe('The secret key must be 8 to 40 characters long.');
  });
});
