// How a deployment's drives form erasure sets, and which set holds a key, as MinIO decides
// both: a set has 2 to 16 drives, and a key's set comes from SipHash-2-4 of its name keyed
// with the deployment id (MinIO's SIPMOD distribution), so that placement never changes
// while the deployment lives.

import { chooseSetSize, SET_SIZES } from '@stowage/sizing';

/**
 * Drives per set for a new deployment of `drives` drives (MinIO's getSetIndexes for drives
 * given one by one): all of them up to 16, else the largest allowed size that divides them.
 */
export function setDriveCount(drives: number): number {
  if (drives <= SET_SIZES.at(-1)!) return drives;
  const choice = chooseSetSize(drives, { sizes: SET_SIZES });
  if (!choice.ok)
    throw new Error(
      `${drives} drives cannot form erasure sets: the count must be divisible by a set size from 2 to 16`,
    );
  return choice.size;
}

const MASK = 0xffffffff;

/** A 64-bit word as two unsigned 32-bit halves (JavaScript numbers hold 53 bits at most). */
interface Word {
  hi: number;
  lo: number;
}

function add(a: Word, b: Word): void {
  const lo = a.lo + b.lo;
  a.hi = (a.hi + b.hi + (lo > MASK ? 1 : 0)) >>> 0;
  a.lo = lo >>> 0;
}

function xor(a: Word, b: Word): void {
  a.hi = (a.hi ^ b.hi) >>> 0;
  a.lo = (a.lo ^ b.lo) >>> 0;
}

function rotl(a: Word, n: number): void {
  let { hi, lo } = a;
  if (n >= 32) {
    [hi, lo] = [lo, hi];
    n -= 32;
  }
  if (n === 0) {
    a.hi = hi;
    a.lo = lo;
    return;
  }
  a.hi = ((hi << n) | (lo >>> (32 - n))) >>> 0;
  a.lo = ((lo << n) | (hi >>> (32 - n))) >>> 0;
}

function sipRound(v0: Word, v1: Word, v2: Word, v3: Word): void {
  add(v0, v1);
  rotl(v1, 13);
  xor(v1, v0);
  rotl(v0, 32);
  add(v2, v3);
  rotl(v3, 16);
  xor(v3, v2);
  add(v0, v3);
  rotl(v3, 21);
  xor(v3, v0);
  add(v2, v1);
  rotl(v1, 17);
  xor(v1, v2);
  rotl(v2, 32);
}

const wordAt = (b: Uint8Array, at: number): Word => ({
  lo: (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0,
  hi: (b[at + 4]! | (b[at + 5]! << 8) | (b[at + 6]! << 16) | (b[at + 7]! << 24)) >>> 0,
});

/** SipHash-2-4 of `message` under a 16-byte key (the reference algorithm's byte order). */
export function sipHash24(key: Uint8Array, message: Uint8Array): Word {
  const k0 = wordAt(key, 0);
  const k1 = wordAt(key, 8);
  const v0 = { hi: (k0.hi ^ 0x736f6d65) >>> 0, lo: (k0.lo ^ 0x70736575) >>> 0 };
  const v1 = { hi: (k1.hi ^ 0x646f7261) >>> 0, lo: (k1.lo ^ 0x6e646f6d) >>> 0 };
  const v2 = { hi: (k0.hi ^ 0x6c796765) >>> 0, lo: (k0.lo ^ 0x6e657261) >>> 0 };
  const v3 = { hi: (k1.hi ^ 0x74656462) >>> 0, lo: (k1.lo ^ 0x79746573) >>> 0 };
  const whole = message.length - (message.length % 8);
  const compress = (m: Word) => {
    xor(v3, m);
    sipRound(v0, v1, v2, v3);
    sipRound(v0, v1, v2, v3);
    xor(v0, m);
  };
  for (let at = 0; at < whole; at += 8) compress(wordAt(message, at));
  // The last block: the remaining bytes, and the length's low byte at the top.
  const tail = new Uint8Array(8);
  tail.set(message.subarray(whole));
  tail[7] = message.length & 0xff;
  compress(wordAt(tail, 0));
  v2.lo = (v2.lo ^ 0xff) >>> 0;
  for (let i = 0; i < 4; i++) sipRound(v0, v1, v2, v3);
  xor(v0, v1);
  xor(v0, v2);
  xor(v0, v3);
  return v0;
}

/** A deployment id (a UUID) as the 16 bytes MinIO keys the hash with. */
export function deploymentKey(deploymentId: string): Uint8Array {
  const hex = deploymentId.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`Deployment id ${deploymentId} is not a UUID`);
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}

/** The set of `sets` that holds `key` (MinIO's sipHashMod). */
export function setOfKey(key: string, sets: number, deployment: Uint8Array): number {
  if (sets === 1) return 0;
  const { hi, lo } = sipHash24(deployment, Buffer.from(key, 'utf8'));
  return ((hi % sets) * 2 ** 32 + lo) % sets;
}
