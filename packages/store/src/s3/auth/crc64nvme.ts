// CRC-64/NVME, as S3's flexible checksums define it (x-amz-checksum-crc64nvme): reflected,
// polynomial 0x9a6c9329ac4bc9b5, all ones in and out. JavaScript numbers hold 32 bits for
// bitwise work, so the 64-bit register is kept as two halves, one table look-up per byte.

const POLY_LO = 0xac4bc9b5;
const POLY_HI = 0x9a6c9329;
const [LOW, HIGH] = (() => {
  const low = new Uint32Array(256);
  const high = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let lo = i;
    let hi = 0;
    for (let k = 0; k < 8; k++) {
      const bit = lo & 1;
      lo = ((lo >>> 1) | ((hi & 1) << 31)) >>> 0;
      hi >>>= 1;
      if (bit) {
        lo = (lo ^ POLY_LO) >>> 0;
        hi = (hi ^ POLY_HI) >>> 0;
      }
    }
    low[i] = lo;
    high[i] = hi;
  }
  return [low, high];
})();

/** A running CRC-64/NVME; digest() gives the 8 bytes big-endian, as S3 writes it in base64. */
export class Crc64Nvme {
  private lo = 0xffffffff;
  private hi = 0xffffffff;

  update(data: Uint8Array): void {
    let { lo, hi } = this;
    for (let i = 0; i < data.length; i++) {
      const at = (lo ^ data[i]!) & 0xff;
      lo = ((lo >>> 8) | (hi << 24)) ^ LOW[at]!;
      hi = (hi >>> 8) ^ HIGH[at]!;
    }
    this.lo = lo >>> 0;
    this.hi = hi >>> 0;
  }

  digest(): Buffer {
    const out = Buffer.alloc(8);
    out.writeUInt32BE(~this.hi >>> 0, 0);
    out.writeUInt32BE(~this.lo >>> 0, 4);
    return out;
  }
}
