import { describe, expect, it } from 'vitest';
import { Crc64Nvme } from './crc64nvme.js';

const sum = (...pieces: Buffer[]) => {
  const crc = new Crc64Nvme();
  for (const p of pieces) crc.update(p);
  return crc.digest().toString('hex');
};

describe('crc64nvme', () => {
  it('matches the published check values', () => {
    // The CRC catalogue's check value for CRC-64/NVME, and the empty input.
    expect(sum(Buffer.from('123456789'))).toBe('ae8b14860a799888');
    expect(sum(Buffer.alloc(0))).toBe('0000000000000000');
  });

  it('continues across any split of the input', () => {
    const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 31) & 0xff));
    const whole = sum(data);
    for (const cut of [1, 7, 8, 9, 500, 999])
      expect(sum(data.subarray(0, cut), data.subarray(cut))).toBe(whole);
  });
});
