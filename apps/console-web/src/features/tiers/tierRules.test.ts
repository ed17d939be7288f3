import { AddTierRequest } from '@stowage/contract';
import { describe, expect, it } from 'vitest';
import { addTierBody, canSaveTier, fieldProblem, isRequired, tierFields } from './tierRules.js';

describe('tier rules from the contract', () => {
  it("offers each provider's fields as its AddTier schema has them", () => {
    expect(tierFields('minio')).toEqual([
      'name',
      'endpoint',
      'accesskey',
      'secretkey',
      'bucket',
      'prefix',
      'region',
    ]);
    expect(tierFields('s3')).toContain('storageclass');
    expect(tierFields('gcs')).toEqual([
      'name',
      'endpoint',
      'creds',
      'bucket',
      'prefix',
      'region',
      'storageclass',
    ]);
    expect(tierFields('azure')).toEqual(expect.arrayContaining(['accountname', 'accountkey']));
  });

  it("uses the schema's lengths: a name one past the contract's maxLength is refused", () => {
    const max = (AddTierRequest.properties.s3.properties.name as { maxLength?: number }).maxLength ?? 0;
    expect(fieldProblem('s3', 'name', { name: 'A'.repeat(max) })).toBeUndefined();
    expect(fieldProblem('s3', 'name', { name: 'A'.repeat(max + 1) })).toEqual({ kind: 'tooLong', max });
  });

  it('requires what spec 002 §5 lists on top of the contract, and not the storage class', () => {
    for (const field of ['name', 'endpoint', 'bucket', 'prefix', 'region'] as const)
      expect(isRequired('azure', field)).toBe(true);
    expect(isRequired('azure', 'storageclass')).toBe(false);
    const filled = {
      name: 'cold',
      endpoint: 'https://s3.amazonaws.com',
      accesskey: 'a',
      secretkey: ' s ',
      bucket: 'bkt',
      prefix: 'p',
      region: 'r',
    };
    expect(canSaveTier('s3', filled)).toBe(true);
    expect(canSaveTier('s3', { ...filled, region: '  ' })).toBe(false);
    // upper-cased name, secrets untouched, blank optional fields left out
    expect(addTierBody('s3', { ...filled, storageclass: '' })).toEqual({
      type: 's3',
      s3: { ...filled, name: 'COLD' },
    });
  });
});
