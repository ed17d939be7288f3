import { describe, expect, it } from 'vitest';
import { crc32c } from './crc32c.js';

describe('crc32c', () => {
  it('matches the published check values', () => {
    // RFC 3720 B.4 and the common "123456789" check value.
    expect(crc32c(Buffer.from('123456789'))).toBe(0xe3069283);
    expect(crc32c(Buffer.alloc(32, 0))).toBe(0x8a9136aa);
    expect(crc32c(Buffer.alloc(32, 0xff))).toBe(0x62a8ab43);
    expect(crc32c(Buffer.from(Array.from({ length: 32 }, (_, i) => i)))).toBe(0x46dd794e);
    expect(crc32c(Buffer.alloc(0))).toBe(0);
  });

  it('continues across any split of the input', () => {
    const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 31) & 0xff));
    const whole = crc32c(data);
    for (const cut of [1, 7, 8, 9, 500, 999])
      expect(crc32c(data.subarray(cut), crc32c(data.subarray(0, cut)))).toBe(whole);
  });
});
