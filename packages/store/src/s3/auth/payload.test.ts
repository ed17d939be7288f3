import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createContext } from '../../http/context.js';
import type { Identity } from '../../iam/credentials.js';
import type { AuthResult } from './common.js';
import { WHOLE_BODY_MAX, wholeVerifiedBody } from './payload.js';

// Small plain bodies are read whole and checked at once; everything else streams.

function request(headers: Record<string, string>): { req: IncomingMessage; wire: PassThrough } {
  const wire = new PassThrough();
  Object.assign(wire, { method: 'PUT', url: '/b/k', headers, rawHeaders: Object.entries(headers).flat() });
  return { req: wire as unknown as IncomingMessage, wire };
}

const identity = { accessKey: 'ak', secretKey: 'sk', kind: 'root', parent: 'ak' } as Identity;
const signed = (payloadHash: string): AuthResult => ({
  identity,
  payloadHash,
  scope: { date: '20261126', region: 'us-east-1', service: 's3' },
  amzDate: '20261126T000000Z',
  signature: 'x',
});
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('wholeVerifiedBody', () => {
  const body = Buffer.from('hello, world');

  it('reads a small body whose signed hash matches, in however many chunks it comes', async () => {
    const { req, wire } = request({ 'content-length': String(body.length) });
    const read = wholeVerifiedBody(createContext(req), signed(sha256(body)));
    wire.write(body.subarray(0, 5));
    wire.end(body.subarray(5));
    expect(await read).toEqual(body);
  });

  it('takes an unsigned payload as it comes', async () => {
    const { req, wire } = request({ 'content-length': String(body.length) });
    const read = wholeVerifiedBody(createContext(req), signed('UNSIGNED-PAYLOAD'));
    wire.end(body);
    expect(await read).toEqual(body);
  });

  it('refuses a body that does not hash to what was signed', async () => {
    const { req, wire } = request({ 'content-length': String(body.length) });
    const read = wholeVerifiedBody(createContext(req), signed(sha256(Buffer.from('other'))));
    wire.end(body);
    await expect(read).rejects.toMatchObject({ code: 'XAmzContentSHA256Mismatch' });
  });

  it('is IncompleteBody when the client goes before the end', async () => {
    const { req, wire } = request({ 'content-length': '100' });
    const read = wholeVerifiedBody(createContext(req), signed('UNSIGNED-PAYLOAD'));
    wire.write(body);
    wire.destroy();
    await expect(read).rejects.toMatchObject({ code: 'IncompleteBody' });
  });

  it('leaves aws-chunked, checksummed, unsized and large bodies to the stream', () => {
    const cases: [Record<string, string>, string][] = [
      [{ 'content-length': '10' }, 'STREAMING-UNSIGNED-PAYLOAD-TRAILER'],
      [{ 'content-length': '10', 'x-amz-checksum-crc32': 'AAAAAA==' }, 'UNSIGNED-PAYLOAD'],
      [{}, 'UNSIGNED-PAYLOAD'],
      [{ 'content-length': String(WHOLE_BODY_MAX + 1) }, 'UNSIGNED-PAYLOAD'],
    ];
    for (const [headers, hash] of cases)
      expect(wholeVerifiedBody(createContext(request(headers).req), signed(hash))).toBeUndefined();
  });
});
