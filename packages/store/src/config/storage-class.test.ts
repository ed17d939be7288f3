import { describe, expect, it } from 'vitest';
import { applyLines, ConfigError, parseText } from './kv.js';
import { paritiesInForce, parityFor, parseParity, storageClassParity } from './storage-class.js';

const withClasses = (line: string) => applyLines({}, parseText(line));

describe('storage_class', () => {
  it('reads EC:N and refuses anything else as MinIO does', () => {
    expect(parseParity('standard', 'EC:3')).toBe(3);
    expect(parseParity('standard', '')).toBeUndefined();
    expect(() => parseParity('standard', 'garbage')).toThrow(
      'Unsupported scheme garbage. Supported scheme is EC',
    );
    expect(() => parseParity('standard', 'EC:two')).toThrow(ConfigError);
    expect(() => parseParity('rrs', 'EC:1:2')).toThrow('Too many sections in EC:1:2');
  });

  it('defaults: the set parity for STANDARD, EC:1 for REDUCED_REDUNDANCY, none on one drive', () => {
    const p = storageClassParity({}, 4, 2);
    expect(p).toEqual({ standard: undefined, rrs: 1 });
    expect([parityFor(p, undefined), parityFor(p, 'STANDARD'), parityFor(p, 'REDUCED_REDUNDANCY')]).toEqual([
      undefined,
      undefined,
      1,
    ]);
    expect(storageClassParity(withClasses('storage_class standard=EC:3'), 1, 0)).toEqual({
      standard: undefined,
      rrs: 0,
    });
  });

  it('checks parity against the set: at most half the drives, and RRS no more than STANDARD', () => {
    expect(storageClassParity(withClasses('storage_class standard=EC:4 rrs=EC:2'), 8, 4)).toEqual({
      standard: 4,
      rrs: 2,
    });
    expect(() => storageClassParity(withClasses('storage_class standard=EC:5'), 8, 4)).toThrow(
      'parity 5 should be less than or equal to 4',
    );
    expect(() => storageClassParity(withClasses('storage_class standard=EC:1 rrs=EC:2'), 8, 4)).toThrow(
      'Standard storage class parity 1 should be greater than or equal to Reduced redundancy storage class parity 2',
    );
    // A stored value the set cannot use gives the defaults instead of failing every write.
    expect(paritiesInForce(withClasses('storage_class standard=EC:9'), 8, 4)).toEqual({
      standard: undefined,
      rrs: 1,
    });
  });
});
